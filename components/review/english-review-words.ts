import { review } from "@/messages/en.json";
import type { ReviewWords } from "./review-words";

/**
 * The review UI in English, for tests (the share page gets its words compiled by the server; the
 * `review` messages stay plain `{name}` substitutions, which this formats).
 */
export const englishReviewWords: ReviewWords = {
  t: (key, values) => review[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? "")),
  locale: undefined,
};
