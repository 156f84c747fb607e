"use client";

import { useState, type FormEvent } from "react";
import { ApiError, type ApiIssue } from "@/components/api-client";
import { type ErrorOverrides } from "@/components/i18n/use-error-message";
import { useIssueMessage } from "@/components/i18n/use-issue-message";

/**
 * Field errors (by the server's issue paths, worded in the page's language; `issues`: the issues
 * themselves, for a form that answers a code its own way) and one message for the rest.
 */
export function useFormErrors(overrides: ErrorOverrides = {}) {
  const wording = useIssueMessage();
  const [issues, setIssues] = useState<Record<string, ApiIssue>>({});
  const [message, setMessage] = useState<string | null>(null);
  const fields = Object.fromEntries(
    Object.entries(issues).map(([path, issue]) => [path, wording.word(issue)]),
  ) as Record<string, string>;
  return {
    fields,
    issues,
    message,
    clear() {
      setIssues({});
      setMessage(null);
    },
    show(error: unknown) {
      if (error instanceof ApiError && error.issues.length) {
        setIssues(Object.fromEntries(error.issues.map((i) => [i.path, i])));
        setMessage(null);
      } else {
        setIssues({});
        setMessage(wording.error(error, overrides));
      }
    },
  };
}

/**
 * A form that posts to the API: its FormData goes to `action`, the form is busy meanwhile, and a
 * failure shows the server's field issues (or its message). An action that navigates away answers
 * "leaving": the form then stays busy, so it cannot be sent twice while the next page loads.
 */
export function useFormAction(
  action: (form: FormData, element: HTMLFormElement) => Promise<"leaving" | void>,
  overrides: ErrorOverrides = {},
) {
  const errors = useFormErrors(overrides);
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    errors.clear();
    setBusy(true);
    try {
      if ((await action(new FormData(element), element)) !== "leaving") setBusy(false);
    } catch (error) {
      errors.show(error);
      setBusy(false);
    }
  }
  return { onSubmit, busy, errors };
}
