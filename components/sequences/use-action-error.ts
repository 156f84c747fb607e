"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiError } from "@/components/api-client";
import { issueMessage } from "@/components/i18n/issue-message";
import { useErrorMessage } from "@/components/i18n/use-error-message";

/**
 * A refused call on a sequence in the page's language. An answer that names the fields breaking a
 * rule (`issues`, each with its code: lib/catalog/issues.ts) is worded field by field in another
 * language, each field by its label on the page (`label`) or else its path; an English page keeps
 * the server's own sentence ("width: must be an even number of pixels …"), as does any other error.
 */
export function useActionError(label?: (path: string) => string | undefined) {
  const errorMessage = useErrorMessage();
  const t = useTranslations("issues");
  const locale = useLocale();
  return useCallback(
    (error: unknown) => {
      if (locale === "en" || !(error instanceof ApiError) || error.issues.length === 0)
        return errorMessage(error);
      return error.issues
        .map((issue) => issueMessage(t, locale, issue, label?.(issue.path) ?? issue.path))
        .join(t("listSeparator"));
    },
    [errorMessage, t, locale, label],
  );
}
