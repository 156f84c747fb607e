/**
 * Splits text into runs, marking the words a search matched (a word starting with a searched word,
 * as the search matches by prefix; case and Latin accents ignored), and searched CJK substrings.
 * Browser-safe: the gallery card's "Shown: …" line uses it.
 */
export type Run = { text: string; match: boolean };

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .toLowerCase();

export function highlightRuns(text: string, words: readonly string[]): Run[] {
  if (!words.length) return [{ text, match: false }];
  const folded = words.map(fold);
  const runs: Run[] = [];
  for (const part of text.split(/([\p{L}\p{N}]+)/u)) {
    if (!part) continue;
    const word = fold(part);
    const match =
      /[\p{L}\p{N}]/u.test(part) &&
      folded.some((w) => word.startsWith(w) || (w.length > 0 && /[^\x00-\x7f]/.test(w) && word.includes(w)));
    const last = runs.at(-1);
    if (last && last.match === match && !match) last.text += part;
    else runs.push({ text: part, match });
  }
  return runs;
}
