import type { ModelDef } from "./types";

const HAN = /\p{Script=Han}/u;
const HAN_ALL = /\p{Script=Han}/gu;
/** An English word: letters/digits, with inner apostrophes or hyphens ("don't", "slow-motion"). */
const WORD = /[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*/g;

/**
 * The studio's own cap on every prompt, also where the spec counts words or sets no limit: the
 * longest the spec allows anywhere is 7000 characters and 1000 English words stay under ~10,000,
 * so no legitimate prompt comes near it, while a 1 MB "word" can no longer pass a word count.
 */
export const PROMPT_MAX_CHARS = 20_000;

export const ASSET_PROMPT_LIMITS = { chineseCharacters: 500, englishWords: 1000 } as const;

export function countChineseCharacters(text: string): number {
  return text.match(HAN_ALL)?.length ?? 0;
}

/** Words outside Chinese text; a mixed prompt is checked against both limits. */
export function countEnglishWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

export type TruncationEstimate = {
  /** Characters (code points) the upstream will cut from the end; 0 when the prompt fits. */
  cut: number;
  total: number;
  chinese: number;
};

/**
 * "At most 5000 non-Chinese characters or 2500 Chinese characters": read as one budget in which a
 * Chinese character weighs maxNonChinese / maxChinese (2), so an all-Chinese prompt stops at 2500,
 * an all-English one at 5000, and a mixed one in between (docs/decisions/catalog.md).
 */
export function estimateTruncation(
  text: string,
  limit: { maxNonChinese: number; maxChinese: number },
): TruncationEstimate {
  const chars = Array.from(text);
  const chineseWeight = limit.maxNonChinese / limit.maxChinese;
  let used = 0;
  let kept = chars.length;
  let chinese = 0;
  chars.forEach((ch, i) => {
    const isHan = HAN.test(ch);
    if (isHan) chinese++;
    used += isHan ? chineseWeight : 1;
    if (used > limit.maxNonChinese && kept === chars.length) kept = i;
  });
  return { cut: chars.length - kept, total: chars.length, chinese };
}

/** Warnings to show before submit; the upstream truncates silently, so the user is told first. */
export function promptNotices(model: ModelDef, prompt: string): string[] {
  const limit = model.promptTruncation;
  if (!limit || typeof prompt !== "string") return [];
  const { cut, total } = estimateTruncation(prompt, limit);
  if (!cut) return [];
  return [
    `prompt: ${model.id} keeps at most ${limit.maxNonChinese} non-Chinese or ${limit.maxChinese} ` +
      `Chinese characters and cuts the rest: the last ${cut} of this prompt's ${total} characters ` +
      `will be cut off. Shorten it to keep control of what is dropped.`,
  ];
}
