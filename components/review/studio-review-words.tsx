"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo, type ReactNode } from "react";
import { ApiError } from "@/components/api-client";
import { useIssueMessage } from "@/components/i18n/use-issue-message";
import { ReviewWordsProvider, type ReviewWords } from "./review-words";

/** The review components' words in the studio page's language. */
export function StudioReviewWords({ children }: { children: ReactNode }) {
  const t = useTranslations("review");
  const locale = useLocale();
  const wording = useIssueMessage();
  const words = useMemo<ReviewWords>(
    () => ({
      t: (key, values) => t(key, values),
      locale,
      // The field and rule alone ("body：不能为空"), as the review UI shows them; else the error's message.
      errorText: (error) =>
        error instanceof ApiError && error.issues.length ? wording.line(error.issues) : wording.error(error),
    }),
    [t, locale, wording],
  );
  return <ReviewWordsProvider value={words}>{children}</ReviewWordsProvider>;
}
