/**
 * Turns what a user types into the search box into safe SQL conditions on prompts.
 *
 * - Words become FTS5 phrase queries with prefix matching (`"cat"*`), so FTS syntax characters
 *   (quotes, `-`, `*`, `:`, parentheses, AND/OR/NOT/NEAR) never reach the FTS parser as operators.
 * - `"two words"` in double quotes is an exact phrase; `-word` excludes prompts containing it.
 * - Terms with CJK characters use substring matching instead: the `unicode61` tokenizer keeps a run of
 *   CJK characters as one token (no word breaks), so `猫` would never match `一只猫在跳舞` through FTS.
 * - Terms without any letter or digit (`-`, `"`, `***`) carry nothing to search for and are dropped.
 */
export type PromptSearch = {
  /** FTS5 MATCH expression every result must satisfy, or null. */
  match: string | null;
  /** FTS5 MATCH expression no result may satisfy, or null. */
  exclude: string | null;
  /** Substrings the prompt must contain (CJK terms). */
  contains: string[];
  /** Substrings the prompt must not contain (excluded CJK terms). */
  notContains: string[];
};

type Term = { text: string; phrase: boolean; negated: boolean };

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SEARCHABLE = /[\p{L}\p{N}]/u;

export function parsePromptSearch(input: string | undefined): PromptSearch | null {
  const terms = tokenize(input ?? "").filter((t) => SEARCHABLE.test(t.text));
  if (terms.length === 0) return null;

  const include: string[] = [];
  const exclude: string[] = [];
  const contains: string[] = [];
  const notContains: string[] = [];
  for (const term of terms) {
    if (CJK.test(term.text)) {
      (term.negated ? notContains : contains).push(term.text);
    } else {
      const quoted = `"${term.text.replaceAll('"', '""')}"${term.phrase ? "" : "*"}`;
      (term.negated ? exclude : include).push(quoted);
    }
  }
  return {
    match: include.length ? include.join(" ") : null,
    exclude: exclude.length ? exclude.join(" OR ") : null,
    contains,
    notContains,
  };
}

function tokenize(input: string): Term[] {
  const terms: Term[] = [];
  // A balanced "…" is a phrase (optionally -"…"); anything else splits on whitespace.
  const pattern = /(-?)"([^"]+)"|(\S+)/g;
  for (const m of input.normalize("NFC").matchAll(pattern)) {
    if (m[2] !== undefined) {
      terms.push({ text: m[2].trim(), phrase: true, negated: m[1] === "-" });
      continue;
    }
    const word = m[3];
    const negated = word.length > 1 && word.startsWith("-") && SEARCHABLE.test(word[1]);
    terms.push({ text: negated ? word.slice(1) : word, phrase: false, negated });
  }
  return terms;
}
