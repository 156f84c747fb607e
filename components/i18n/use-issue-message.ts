"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import { issueMessage, issuesLine, type PathedApiIssue, type WordableIssue } from "./issue-message";
import { useErrorMessage } from "./use-error-message";

/**
 * issue-message.ts in the page's language, for forms outside the studio's model form (that one names
 * fields by their parameter labels: components/studio/use-issue-wording.ts).
 * `word`: one issue, under its field (`field`: the field's label, when the text should name it);
 * `line`: several issues, each after its path; `error`: useErrorMessage's message for a failed
 * request (its issues worded instead of the server's English sentence).
 */
export function useIssueMessage() {
  const t = useTranslations("issues");
  const locale = useLocale();
  const errorMessage = useErrorMessage();

  const word = useCallback(
    (issue: WordableIssue, field?: string) => issueMessage(t, locale, issue, field),
    [t, locale],
  );
  const line = useCallback((issues: readonly PathedApiIssue[]) => issuesLine(t, locale, issues), [t, locale]);
  return useMemo(() => ({ word, line, error: errorMessage }), [word, line, errorMessage]);
}
