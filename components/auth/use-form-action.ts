"use client";

import { useState, type FormEvent } from "react";
import { ApiError } from "@/components/api-client";
import { useErrorMessage, type ErrorOverrides } from "@/components/i18n/use-error-message";

/** Field errors (by the server's issue paths) and one message for the rest, in the page's language. */
export function useFormErrors(overrides: ErrorOverrides = {}) {
  const errorMessage = useErrorMessage();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  return {
    fields,
    message,
    clear() {
      setFields({});
      setMessage(null);
    },
    show(error: unknown) {
      if (error instanceof ApiError && error.issues.length) {
        setFields(Object.fromEntries(error.issues.map((i) => [i.path, i.message])));
        setMessage(null);
      } else {
        setFields({});
        setMessage(errorMessage(error, overrides));
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
