"use client";

import { createContext, useContext } from "react";
import type en from "@/messages/en.json";

export type ReviewKey = keyof (typeof en)["review"];

/**
 * The review UI's words (`review.*` in messages/*.json) and the locale of its dates. The same
 * components run in the studio (next-intl: studio-review-words.tsx) and on the share page, which
 * carries no next-intl runtime and gets them compiled in the guest's language (lib/shares/page-messages.ts).
 */
export type ReviewWords = {
  t: (key: ReviewKey, values?: Record<string, string | number>) => string;
  /** undefined: the browser's own. */
  locale: string | undefined;
  /**
   * A failed write in the page's language (the studio: its field issues worded, issue-message.ts);
   * without it, the server's English "path: rule".
   */
  errorText?: (error: Error) => string;
};

const ReviewWordsContext = createContext<ReviewWords | null>(null);

export const ReviewWordsProvider = ReviewWordsContext.Provider;

export function useReviewWords(): ReviewWords {
  const words = useContext(ReviewWordsContext);
  if (!words) throw new Error("The review components need a ReviewWordsProvider around them.");
  return words;
}
