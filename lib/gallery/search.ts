/**
 * Turns what a user types into the search box into search terms; lib/gallery/prompt-search-sql.ts
 * turns them into each database's SQL (FTS5 on SQLite, a tsquery on PostgreSQL).
 *
 * - Words match by prefix (`cat` finds "catalog"); every included term is required.
 * - `"two words"` in double quotes is an exact phrase; `-word` excludes prompts containing it.
 * - Terms with CJK characters use substring matching instead: both tokenizers keep a run of CJK
 *   characters as one token (no word breaks), so `猫` would never match `一只猫在跳舞` as a word.
 * - Terms without any letter or digit (`-`, `"`, `***`) carry nothing to search for and are dropped.
 * - Search syntax characters in the text (quotes, `*`, `:`, parentheses, AND/OR/NOT/NEAR) are plain
 *   text: the SQL builders only ever see the letters and digits of a term.
 */
export type SearchTerm = { text: string; phrase: boolean };

export type PromptSearch = {
  /** Word and phrase terms every result must match. */
  include: SearchTerm[];
  /** Word and phrase terms no result may match. */
  exclude: SearchTerm[];
  /** Substrings the prompt must contain (CJK terms). */
  contains: string[];
  /** Substrings the prompt must not contain (excluded CJK terms). */
  notContains: string[];
};

type ParsedTerm = SearchTerm & { negated: boolean };

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SEARCHABLE = /[\p{L}\p{N}]/u;

export function parsePromptSearch(input: string | undefined): PromptSearch | null {
  const terms = splitTerms(input ?? "").filter((t) => SEARCHABLE.test(t.text));
  if (terms.length === 0) return null;

  const search: PromptSearch = { include: [], exclude: [], contains: [], notContains: [] };
  for (const { negated, ...term } of terms) {
    if (CJK.test(term.text)) (negated ? search.notContains : search.contains).push(term.text);
    else (negated ? search.exclude : search.include).push(term);
  }
  return search;
}

function splitTerms(input: string): ParsedTerm[] {
  const terms: ParsedTerm[] = [];
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
