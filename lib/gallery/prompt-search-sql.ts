import type { SqlDialect } from "../db-client";
import { Prisma } from "../generated/prisma/client";
import type { PromptSearch, SearchTerm } from "./search";

/**
 * A parsed prompt search (lib/gallery/search.ts) as SQL conditions on `Task t`, in each database's
 * own full-text search: the FTS5 table TaskPromptFts on SQLite, the stored tsvector of
 * TaskPromptSearch on PostgreSQL. Both give the same results on the same prompts (search-parity.test.ts);
 * docs/decisions/postgresql-search.md explains the design.
 */
export function promptSearchConditions(dialect: SqlDialect, search: PromptSearch): Prisma.Sql[] {
  const conditions = dialect === "postgresql" ? tsqueryConditions(search) : fts5Conditions(search);
  const position = (text: string) =>
    dialect === "postgresql"
      ? Prisma.sql`strpos(t."prompt", ${text})`
      : Prisma.sql`instr(t."prompt", ${text})`;
  for (const text of search.contains) conditions.push(Prisma.sql`${position(text)} > 0`);
  for (const text of search.notContains) conditions.push(Prisma.sql`${position(text)} = 0`);
  return conditions;
}

function fts5Conditions(search: PromptSearch): Prisma.Sql[] {
  const matching = (query: string) =>
    Prisma.sql`SELECT rowid FROM "TaskPromptFts" WHERE "TaskPromptFts" MATCH ${query}`;
  const { include, exclude } = search;
  if (!include.length) {
    return exclude.length ? [Prisma.sql`t.rowid NOT IN (${matching(fts5Query(exclude, " OR "))})`] : [];
  }
  // Exclusions inside the one MATCH (FTS5's NOT): half the cost of a second list of every excluded row.
  const query = exclude.length
    ? `(${fts5Query(include, " ")}) NOT (${fts5Query(exclude, " OR ")})`
    : fts5Query(include, " ");
  return [Prisma.sql`t.rowid IN (${matching(query)})`];
}

/**
 * Each term as an FTS5 phrase (`"cat"*`, `"red car"`), so no character of it reaches the FTS5
 * parser as an operator; FTS5's own tokenizer splits the phrase into words.
 */
export function fts5Query(terms: SearchTerm[], separator: " " | " OR "): string {
  return terms.map((t) => `"${t.text.replaceAll('"', '""')}"${t.phrase ? "" : "*"}`).join(separator);
}

function tsqueryConditions(search: PromptSearch): Prisma.Sql[] {
  // The stored document (PostgreSQL migration 20261123213000_prompt_search_document), one row per
  // task kept by a trigger on Task. The query text is a parameter, never part of the SQL.
  const matches = (terms: SearchTerm[], operator: "&" | "|") =>
    Prisma.sql`"document" @@ CAST(${tsQuery(terms, operator)} AS tsquery)`;
  const documents = (where: Prisma.Sql) => Prisma.sql`SELECT "taskId" FROM "TaskPromptSearch" WHERE ${where}`;
  if (!search.include.length) {
    return search.exclude.length
      ? [Prisma.sql`t."id" NOT IN (${documents(matches(search.exclude, "|"))})`]
      : [];
  }
  // Every task has its document, so exclusions filter the included matches in the same lookup: the
  // count then reads only those documents, not a list of every task against a list of the excluded.
  const include = matches(search.include, "&");
  const where = search.exclude.length
    ? Prisma.sql`${include} AND NOT ${matches(search.exclude, "|")}`
    : include;
  return [Prisma.sql`t."id" IN (${documents(where)})`];
}

/**
 * Terms as a tsquery with the meaning of their FTS5 phrases: a term's words must follow each other
 * (`<->`), and a word term's last word matches as a prefix (`:*`). Lexemes are made here the way
 * the trigger makes them from prompts, since a tsquery cast compares lexemes as written.
 */
export function tsQuery(terms: SearchTerm[], operator: "&" | "|"): string {
  return terms
    .map((term) => {
      const words = searchWords(term.text);
      // Words are letters and digits only, so quoting them needs no escaping.
      const lexemes = words.map((w, i) => `'${w}'${!term.phrase && i === words.length - 1 ? ":*" : ""}`);
      return `(${lexemes.join(" <-> ")})`;
    })
    .join(` ${operator} `);
}

/**
 * The words of a text as the PostgreSQL function studio_search_text and FTS5's unicode61 tokenizer
 * (remove_diacritics 2) see them: lower-cased, Latin letters without their diacritics, split at
 * every character that is not a letter or digit.
 */
export function searchWords(text: string): string[] {
  return foldLatinDiacritics(text.normalize("NFC").toLowerCase()).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A Latin letter whose decomposition is a plain a–z letter plus marks becomes that letter: the same
 * table as studio_search_text's translate() (search-parity.test.ts checks they agree). Other
 * scripts keep their marks, as in FTS5.
 */
export function foldLatinDiacritics(text: string): string {
  return text.replace(/\p{Script=Latin}\p{M}*/gu, (letter) => {
    const base = letter.normalize("NFD").replace(/\p{M}/gu, "");
    return /^[a-z]$/.test(base) ? base : letter;
  });
}
