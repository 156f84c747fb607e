/**
 * A word-level diff of two prompts (longest common subsequence of words and the spaces between
 * them), for the Improve prompt panel: what was kept, removed and added. Browser-safe; prompts are
 * short enough (the longest the catalogue allows is some thousands of words) for the O(n·m) table,
 * and beyond a bound it falls back to "all removed, all added" rather than stall the page.
 */
export type DiffPart = { kind: "same" | "removed" | "added"; text: string };

const MAX_CELLS = 4_000_000;

export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  if (a.length * b.length > MAX_CELLS)
    return merge([
      { kind: "removed", text: before },
      { kind: "added", text: after },
    ]);
  // lcs[i][j]: length of the common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      parts.push({ kind: "same", text: a[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) parts.push({ kind: "removed", text: a[i++] });
    else parts.push({ kind: "added", text: b[j++] });
  }
  while (i < a.length) parts.push({ kind: "removed", text: a[i++] });
  while (j < b.length) parts.push({ kind: "added", text: b[j++] });
  return merge(parts);
}

/** Words, runs of spaces and punctuation each a token: "snow," and "snow" share "snow". */
const tokens = (text: string) => text.split(/(\s+|[^\p{L}\p{N}\s]+)/u).filter(Boolean);

function merge(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of parts) {
    if (!part.text) continue;
    const last = out.at(-1);
    if (last && last.kind === part.kind) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}
