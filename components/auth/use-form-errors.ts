"use client";

import { useState } from "react";
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
