"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import { errorMessage, type ErrorOverrides } from "./error-message";
import { withWordedIssues } from "./issue-message";

export type { ErrorOverrides } from "./error-message";

/**
 * error-message.ts's `errorMessage`, in the page's language: a refusal's field issues are worded
 * from their codes (issue-message.ts) instead of the server's English sentence.
 */
export function useErrorMessage() {
  const t = useTranslations("errors");
  const tIssues = useTranslations("issues");
  const locale = useLocale();
  return useCallback(
    (error: unknown, overrides?: ErrorOverrides) =>
      errorMessage(t, locale, withWordedIssues(tIssues, locale, error), overrides),
    [t, tIssues, locale],
  );
}
