"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo, type ReactNode } from "react";
import { ReviewWordsProvider, type ReviewWords } from "./review-words";

/** The review components' words in the studio page's language. */
export function StudioReviewWords({ children }: { children: ReactNode }) {
  const t = useTranslations("review");
  const locale = useLocale();
  const words = useMemo<ReviewWords>(() => ({ t: (key, values) => t(key, values), locale }), [t, locale]);
  return <ReviewWordsProvider value={words}>{children}</ReviewWordsProvider>;
}
