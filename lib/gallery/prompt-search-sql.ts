import { sqlDialect, type Db, type SqlDialect } from "../db-client";
import { Prisma } from "../generated/prisma/client";
import type { PromptSearch, SearchTerm } from "./search";

/**
 * A parsed prompt search (lib/gallery/search.ts) as SQL conditions on `Task t`, in each database's
 * own full-text search: the FTS5 table TaskPromptFts on SQLite, the stored tsvector of
 * TaskPromptSearch on PostgreSQL. Both give the same results on the same prompts (search-parity.test.ts);
 * docs/decisions/postgresql-search.md explains the design.
 */
export function promptSearchConditions(
  dialect: SqlDialect,
  search: PromptSearch,
  plan: SearchPlan = "lookup",
): Prisma.Sql[] {
  const conditions = dialect === "postgresql" ? tsqueryConditions(search, plan) : fts5Conditions(search);
  const position = (text: string) =>
    dialect === "postgresql"
      ? Prisma.sql`strpos(t."prompt", ${text})`
      : Prisma.sql`instr(t."prompt", ${text})`;
  for (const text of search.contains) conditions.push(Prisma.sql`${position(text)} > 0`);
  for (const text of search.notContains) conditions.push(Prisma.sql`${position(text)} = 0`);
  return conditions;
}

/**
 * How a page query meets the search: "lookup" reads every match from the search index, then sorts
 * them (cheap when matches are few); "walk" goes through tasks in gallery order and tests each one
 * until the page is full (cheap when matches are many). PostgreSQL's planner cannot tell the two
 * apart for prefix words (see choosePagePlan); SQLite always looks up.
 */
export type SearchPlan = "lookup" | "walk";

const fts5Matching = (query: string) =>
  Prisma.sql`SELECT rowid FROM "TaskPromptFts" WHERE "TaskPromptFts" MATCH ${query}`;

/** The FTS5 query of the included terms less the excluded ones (FTS5's NOT). */
function fts5IncludeQuery({ include, exclude }: PromptSearch): string {
  return exclude.length
    ? `(${fts5Query(include, " ")}) NOT (${fts5Query(exclude, " OR ")})`
    : fts5Query(include, " ");
}

function fts5Conditions(search: PromptSearch): Prisma.Sql[] {
  if (!search.include.length) {
    return search.exclude.length
      ? [Prisma.sql`t.rowid NOT IN (${fts5Matching(fts5Query(search.exclude, " OR "))})`]
      : [];
  }
  // Exclusions inside the one MATCH: half the cost of a second list of every excluded row.
  return [Prisma.sql`t.rowid IN (${fts5Matching(fts5IncludeQuery(search))})`];
}

/**
 * Each term as an FTS5 phrase (`"cat"*`, `"red car"`), so no character of it reaches the FTS5
 * parser as an operator; FTS5's own tokenizer splits the phrase into words.
 */
export function fts5Query(terms: SearchTerm[], separator: " " | " OR "): string {
  return terms.map((t) => `"${t.text.replaceAll('"', '""')}"${t.phrase ? "" : "*"}`).join(separator);
}

// The stored document (PostgreSQL migration 20261123213000_prompt_search_document), one row per
// task kept by a trigger on Task. The query text is a parameter, never part of the SQL.
const tsMatches = (terms: SearchTerm[], operator: "&" | "|") =>
  Prisma.sql`"document" @@ CAST(${tsQuery(terms, operator)} AS tsquery)`;

/**
 * Documents matching the included terms and none of the excluded ones: every task has its
 * document, so exclusions filter the included matches in the same lookup (the count then reads only
 * those documents, not a list of every task against a list of the excluded).
 */
function tsIncludeCondition({ include, exclude }: PromptSearch): Prisma.Sql {
  const included = tsMatches(include, "&");
  return exclude.length ? Prisma.sql`${included} AND NOT ${tsMatches(exclude, "|")}` : included;
}

function tsqueryConditions(search: PromptSearch, plan: SearchPlan): Prisma.Sql[] {
  const documents = (where: Prisma.Sql) => Prisma.sql`SELECT "taskId" FROM "TaskPromptSearch" WHERE ${where}`;
  if (!search.include.length) {
    return search.exclude.length
      ? [Prisma.sql`t."id" NOT IN (${documents(tsMatches(search.exclude, "|"))})`]
      : [];
  }
  if (plan === "walk") {
    // A correlated subquery is tested row by row: the planner cannot turn it into a join that
    // reads every match first, so the page walks Task's gallery-order index and stops when full.
    return [
      Prisma.sql`(SELECT ${tsIncludeCondition(search)} FROM "TaskPromptSearch" WHERE "taskId" = t."id")`,
    ];
  }
  return [Prisma.sql`t."id" IN (${documents(tsIncludeCondition(search))})`];
}

/**
 * Whether the search can be counted from the search index alone (no Task row needed): included
 * terms, no CJK substrings (those test Task.prompt).
 */
export function countableInIndex(search: PromptSearch): boolean {
  return search.include.length > 0 && !search.contains.length && !search.notContains.length;
}

/**
 * How many tasks match, read from the search index alone (`countableInIndex`); at most `cap` when
 * given. Exact: both indexes hold one entry per task, kept in step by triggers on Task.
 */
export async function countIndexMatches(db: Db, search: PromptSearch, cap?: number): Promise<number> {
  const limit = cap === undefined ? Prisma.empty : Prisma.sql`LIMIT ${cap}`;
  const matching =
    sqlDialect(db) === "postgresql"
      ? Prisma.sql`SELECT 1 FROM "TaskPromptSearch" WHERE ${tsIncludeCondition(search)} ${limit}`
      : Prisma.sql`SELECT 1 FROM "TaskPromptFts" WHERE "TaskPromptFts" MATCH ${fts5IncludeQuery(search)} ${limit}`;
  // COUNT is a bigint on PostgreSQL.
  const rows = await db.$queryRaw<{ n: bigint | number }[]>`SELECT COUNT(*) AS "n" FROM (${matching}) m`;
  return Number(rows[0]?.n ?? 0);
}

/**
 * The page plan for a search on PostgreSQL. Its planner estimates a prefix word (`dragon:*`, every
 * word term) at a flat 2% of rows unless ANALYZE kept 100 common words of the column, and then
 * reads 17,000 matches to sort them for a page of 60 (~100 ms at 100,000 tasks; walking takes
 * ~1 ms). Here the matches are counted, up to the point where walking wins: a walk tests about
 * page × tasks ÷ matches rows, a lookup reads every match, so walk when matches² > page × tasks.
 */
export async function choosePagePlan(db: Db, search: PromptSearch, pageSize: number): Promise<SearchPlan> {
  if (sqlDialect(db) !== "postgresql" || !search.include.length) return "lookup";
  const [{ tasks }] = await db.$queryRaw<{ tasks: number }[]>`
    SELECT GREATEST("reltuples", 0)::float8 AS "tasks" FROM "pg_class" WHERE "oid" = '"Task"'::regclass`;
  const enough = Math.ceil(Math.sqrt(pageSize * tasks));
  if (enough < 100) return "lookup";
  return (await countIndexMatches(db, search, enough)) >= enough ? "walk" : "lookup";
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
