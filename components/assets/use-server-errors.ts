"use client";

import { useLocale } from "next-intl";
import { useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "@/components/api-client";
import { useIssueMessage } from "@/components/i18n/use-issue-message";

/**
 * Where an add form shows the server's issues, in the page's language: on its react-hook-form
 * fields, on its file input (`fileField`, whose state lives here since a file input is not a form
 * value), else as one message.
 */
export function useServerErrors<T extends FieldValues>({
  fields,
  fileField,
  setError,
}: {
  fields: readonly Path<T>[];
  fileField: string;
  setError: UseFormSetError<T>;
}) {
  const wording = useIssueMessage();
  const locale = useLocale();
  const [message, setMessage] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const place = (path: string, text: string): boolean => {
    if (path === fileField) setFileError(text);
    else if ((fields as readonly string[]).includes(path))
      setError(path as Path<T>, { type: "server", message: text });
    else return false;
    return true;
  };
  return {
    message,
    fileError,
    setFileError,
    clear: () => {
      setMessage(null);
      setFileError(undefined);
    },
    show(error: unknown) {
      const issues = error instanceof ApiError ? error.issues : [];
      // One issue: the server's whole sentence says more than the bare rule ("you already recorded…"),
      // on an English page; another language has the rule in its words.
      const single = issues.length === 1 && error instanceof Error && locale === "en";
      const placed = issues.filter((issue) =>
        place(issue.path, single ? (error as Error).message : wording.word(issue)),
      );
      setMessage(placed.length === issues.length && placed.length > 0 ? null : wording.error(error));
    },
  };
}
