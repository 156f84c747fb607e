import { review } from "@/messages/en.json";
import type { ReviewWords } from "./review-words";

/**
 * The review UI in English for the share page (its esbuild bundle takes only this namespace of the
 * file) and for tests. The `review` messages are plain `{name}` substitutions: no ICU here.
 */
export const englishReviewWords: ReviewWords = {
  t: (key, values) => review[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? "")),
  locale: undefined,
};
