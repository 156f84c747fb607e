"use client";

import { useState, type FormEvent } from "react";
import { ApiError } from "@/components/api-client";

/** Field errors (by the server's issue paths) and one message for the rest. */
export function useFormErrors() {
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
        setMessage(error instanceof Error ? error.message : String(error));
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
) {
  const errors = useFormErrors();
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
