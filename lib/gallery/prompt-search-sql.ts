import { sqlDialect, type Db, type SqlDialect } from "../db-client";
import { Prisma } from "../generated/prisma/client";
import type { PromptSearch, SearchTerm } from "./search";
import { approximateTaskCount } from "./task-count";

/**
 * A parsed search (lib/gallery/search.ts) as SQL conditions on `Task t`, in each database's own
 * full-text search over each task's one search row (prompt, and a described task's caption and tags):
 * the FTS5 table TaskSearchFts on SQLite, the stored tsvector of TaskPromptSearch on PostgreSQL. Both give the same results on the same prompts (search-parity.test.ts);
 * docs/decisions/postgresql-search.md explains the design.
 */
export function promptSearchConditions(
  dialect: SqlDialect,
  search: PromptSearch,
  plan?: SearchPlan,
): Prisma.Sql[] {
  const conditions =
    dialect === "postgresql" ? tsqueryConditions(search, plan) : fts5Conditions(search, plan);
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
 * until the page is full (cheap when matches are many). Neither planner can tell the two apart for
 * prefix words (see choosePagePlan).
 */
export type SearchPlan = "lookup" | "walk";

const fts5Matching = (query: string) =>
  Prisma.sql`SELECT rowid FROM "TaskSearchFts" WHERE "TaskSearchFts" MATCH ${query}`;

/** The FTS5 query of the included terms less the excluded ones (FTS5's NOT). */
function fts5IncludeQuery({ include, exclude }: PromptSearch): string {
  return exclude.length
    ? `(${fts5Query(include, " ")}) NOT (${fts5Query(exclude, " OR ")})`
    : fts5Query(include, " ");
}

function fts5Conditions(search: PromptSearch, plan?: SearchPlan): Prisma.Sql[] {
  if (!search.include.length) {
    return search.exclude.length
      ? [Prisma.sql`t.rowid NOT IN (${fts5Matching(fts5Query(search.exclude, " OR "))})`]
      : [];
  }
  // Exclusions inside the one MATCH: half the cost of a second list of every excluded row.
  const matching = fts5Matching(fts5IncludeQuery(search));
  // FTS5 lists 25,000 matches in ~1 ms, but looking each up in Task and sorting them costs ~40 ms
  // at 200,000 tasks. The unary + keeps SQLite from driving the query by rowid from that list: it
  // walks the gallery-order index (or another filter's) and tests each row against the list (~3 ms).
  // A correlated MATCH per row would cost far more: FTS5 re-reads the term's doclist each time.
  return plan === "walk" ? [Prisma.sql`+t.rowid IN (${matching})`] : [Prisma.sql`t.rowid IN (${matching})`];
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

function tsqueryConditions(search: PromptSearch, plan?: SearchPlan): Prisma.Sql[] {
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
  if (plan === "lookup") {
    // The matches as an array, computed once: the page can only fetch those tasks by primary key
    // and sort them. With `IN (…)` the planner, pricing a prefix word at a flat 2% of rows, may
    // instead walk all of Task testing each row (a word without matches: 5.8 s at a million tasks).
    return [Prisma.sql`t."id" = ANY(ARRAY(${documents(tsIncludeCondition(search))}))`];
  }
  // No plan chosen (counts): the planner decides, and may stop at the count's cap.
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
      : Prisma.sql`SELECT 1 FROM "TaskSearchFts" WHERE "TaskSearchFts" MATCH ${fts5IncludeQuery(search)} ${limit}`;
  // COUNT is a bigint on PostgreSQL.
  const rows = await db.$queryRaw<{ n: bigint | number }[]>`SELECT COUNT(*) AS "n" FROM (${matching}) m`;
  return Number(rows[0]?.n ?? 0);
}

/** How many of the newest tasks choosePagePlan tests against the search (PostgreSQL). */
const PLAN_SAMPLE = 1_000;

/**
 * The page plan for a search. Neither planner can price a prefix word (`dragon:*`, every word
 * term): PostgreSQL's estimates it at a flat 2% of rows unless ANALYZE kept 100 common words of the
 * column, SQLite's drives the query from the FTS5 list of matches whatever its length.
 *
 * PostgreSQL: a walk tests about page ÷ share tasks (each a primary-key probe of the search table);
 * a lookup reads each included term's whole GIN posting list (share of the term × tasks entries,
 * several times cheaper per entry), then fetches and sorts the matches. The shares are those among
 * the newest tasks — where the walk starts, and what the user scrolls through — tested row by row
 * (~2 ms at any size; counting the matches themselves reads the same posting lists, 75 ms for a
 * common prefix at a million tasks). A word the newest tasks lack but old ones are full of gets a
 * lookup: correct, only slower.
 *
 * SQLite: FTS5 counts its matches cheaply (25,000 in ~1 ms), so they are counted, up to the line
 * where walking wins: a walk tests page × tasks ÷ matches rows, a lookup fetches and sorts the
 * matches, so walk when matches² ≥ page × tasks.
 */
export async function choosePagePlan(db: Db, search: PromptSearch, pageSize: number): Promise<SearchPlan> {
  if (!search.include.length) return "lookup";
  const tasks = await approximateTaskCount(db);
  if (sqlDialect(db) === "sqlite") {
    const enough = Math.ceil(Math.sqrt(pageSize * tasks));
    return (await countIndexMatches(db, search, enough)) >= enough ? "walk" : "lookup";
  }
  const perTerm = search.include.map(
    (term, i) =>
      Prisma.sql`SUM(CASE WHEN "document" @@ CAST(${tsQuery([term], "&")} AS tsquery) THEN 1 ELSE 0 END) AS ${Prisma.raw(`"t${i}"`)}`,
  );
  // Correlated, so each sampled task's document is tested; a join would read every match first.
  const [row] = await db.$queryRaw<Record<string, bigint | number | null>[]>`
    SELECT COUNT(*) AS "sampled", SUM(CASE WHEN ${tsIncludeCondition(search)} THEN 1 ELSE 0 END) AS "matches",
      ${Prisma.join(perTerm, ", ")}
    FROM (
      SELECT "id" FROM "Task" ORDER BY "submittedAt" DESC, "id" DESC LIMIT ${PLAN_SAMPLE}
    ) AS t JOIN "TaskPromptSearch" s ON s."taskId" = t."id"`;
  const sampled = Math.max(1, Number(row?.sampled ?? 0));
  const share = Number(row?.matches ?? 0) / sampled;
  const postings = search.include.reduce(
    (sum, _, i) => sum + (Number(row?.[`t${i}`] ?? 0) / sampled) * tasks,
    0,
  );
  const walked = share > 0 ? Math.min(tasks, pageSize / share) : tasks;
  return walked * PROBE_COST < postings ? "walk" : "lookup";
}

/** A walk's probe (index lookup and tsvector test) against a GIN posting entry read, measured. */
const PROBE_COST = 5;

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
