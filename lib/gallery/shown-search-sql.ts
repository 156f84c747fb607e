import { sqlDialect, type Db, type SqlDialect } from "../db-client";
import { Prisma } from "../generated/prisma/client";
import { fts5Query, promptSearchConditions, tsQuery, type SearchPlan } from "./prompt-search-sql";
import type { PromptSearch } from "./search";

/**
 * The gallery search over what is shown as well as the prompt (issue 25,
 * docs/decisions/vision-library.md): one syntax, one parse (search.ts). A described task has a second
 * search row holding its prompt, caption and tags (SQLite: FTS5 table TaskShownFts, rowid = the
 * task's; PostgreSQL: TaskShownSearch, a stored tsvector), kept by triggers on TaskDescription and
 * Task. A task matches when its prompt row matches — and its shown row holds no excluded term — or
 * when its shown row matches, so each term may be found in the prompt, the caption or a tag.
 */
export function searchConditions(
  dialect: SqlDialect,
  search: PromptSearch,
  plan: SearchPlan = "lookup",
): Prisma.Sql[] {
  const words = dialect === "postgresql" ? tsWordConditions(search, plan) : fts5WordConditions(search);
  // CJK terms (substrings): in the prompt or in the caption.
  const inCaption = (text: string) =>
    dialect === "postgresql"
      ? Prisma.sql`t."id" IN (SELECT d."taskId" FROM "TaskDescription" d WHERE strpos(d."caption", ${text}) > 0)`
      : Prisma.sql`t."id" IN (SELECT d."taskId" FROM "TaskDescription" d WHERE instr(d."caption", ${text}) > 0)`;
  const position = (text: string) =>
    dialect === "postgresql"
      ? Prisma.sql`strpos(t."prompt", ${text})`
      : Prisma.sql`instr(t."prompt", ${text})`;
  for (const text of search.contains) words.push(Prisma.sql`(${position(text)} > 0 OR ${inCaption(text)})`);
  for (const text of search.notContains)
    words.push(Prisma.sql`(${position(text)} = 0 AND NOT ${inCaption(text)})`);
  return words;
}

const promptOnly = (search: PromptSearch): PromptSearch => ({ ...search, contains: [], notContains: [] });

const shownFts = (query: string) =>
  Prisma.sql`SELECT rowid FROM "TaskShownFts" WHERE "TaskShownFts" MATCH ${query}`;

function fts5IncludeQuery({ include, exclude }: PromptSearch): string {
  return exclude.length
    ? `(${fts5Query(include, " ")}) NOT (${fts5Query(exclude, " OR ")})`
    : fts5Query(include, " ");
}

function fts5WordConditions(search: PromptSearch): Prisma.Sql[] {
  if (!search.include.length && !search.exclude.length) return [];
  if (!search.include.length) {
    const excluded = fts5Query(search.exclude, " OR ");
    return [
      ...promptSearchConditions("sqlite", promptOnly(search)),
      Prisma.sql`t.rowid NOT IN (${shownFts(excluded)})`,
    ];
  }
  // One IN over a compound select (read left to right: (prompt matches EXCEPT shown rows with an
  // excluded word) UNION shown matches), so the page looks matches up as the prompt search does.
  const query = fts5IncludeQuery(search);
  const promptMatches = Prisma.sql`SELECT rowid FROM "TaskPromptFts" WHERE "TaskPromptFts" MATCH ${query}`;
  const excluded = search.exclude.length
    ? Prisma.sql` EXCEPT ${shownFts(fts5Query(search.exclude, " OR "))}`
    : Prisma.empty;
  return [Prisma.sql`t.rowid IN (${promptMatches}${excluded} UNION ${shownFts(query)})`];
}

const tsMatches = (terms: PromptSearch["include"], operator: "&" | "|") =>
  Prisma.sql`"document" @@ CAST(${tsQuery(terms, operator)} AS tsquery)`;

function tsIncludeCondition({ include, exclude }: PromptSearch): Prisma.Sql {
  const included = tsMatches(include, "&");
  return exclude.length ? Prisma.sql`${included} AND NOT ${tsMatches(exclude, "|")}` : included;
}

function tsWordConditions(search: PromptSearch, plan: SearchPlan): Prisma.Sql[] {
  if (!search.include.length && !search.exclude.length) return [];
  const shown = (where: Prisma.Sql) => Prisma.sql`SELECT "taskId" FROM "TaskShownSearch" WHERE ${where}`;
  if (!search.include.length) {
    return [
      ...promptSearchConditions("postgresql", promptOnly(search), plan),
      Prisma.sql`t."id" NOT IN (${shown(tsMatches(search.exclude, "|"))})`,
    ];
  }
  if (plan === "walk") {
    // Tested row by row in gallery order (see prompt-search-sql.ts, choosePagePlan).
    const inPrompt = promptSearchConditions("postgresql", promptOnly(search), plan);
    const notShownExcluded = search.exclude.length
      ? Prisma.sql`NOT COALESCE((SELECT ${tsMatches(search.exclude, "|")} FROM "TaskShownSearch" WHERE "taskId" = t."id"), false)`
      : Prisma.sql`1 = 1`;
    const shownMatch = Prisma.sql`COALESCE((SELECT ${tsIncludeCondition(search)} FROM "TaskShownSearch" WHERE "taskId" = t."id"), false)`;
    return [Prisma.sql`((${Prisma.join(inPrompt, " AND ")}) AND ${notShownExcluded}) OR ${shownMatch}`];
  }
  const promptMatches = Prisma.sql`SELECT "taskId" FROM "TaskPromptSearch" WHERE ${tsIncludeCondition(search)}`;
  const excluded = search.exclude.length
    ? Prisma.sql` EXCEPT ${shown(tsMatches(search.exclude, "|"))}`
    : Prisma.empty;
  return [Prisma.sql`t."id" IN (${promptMatches}${excluded} UNION ${shown(tsIncludeCondition(search))})`];
}

/**
 * How many tasks match, from the two search indexes alone (a search without other filters, seen
 * whole): prompt matches not excluded by their shown row, plus shown matches; at most `cap`.
 */
export async function countSearchIndexMatches(db: Db, search: PromptSearch, cap?: number): Promise<number> {
  const limit = cap === undefined ? Prisma.empty : Prisma.sql`LIMIT ${cap}`;
  let matching: Prisma.Sql;
  if (sqlDialect(db) === "postgresql") {
    const exclude = search.exclude.length
      ? Prisma.sql`AND "taskId" NOT IN (SELECT "taskId" FROM "TaskShownSearch" WHERE ${tsMatches(search.exclude, "|")})`
      : Prisma.empty;
    matching = Prisma.sql`
      SELECT "taskId" FROM "TaskPromptSearch" WHERE ${tsIncludeCondition(search)} ${exclude}
      UNION SELECT "taskId" FROM "TaskShownSearch" WHERE ${tsIncludeCondition(search)} ${limit}`;
  } else {
    const query = fts5IncludeQuery(search);
    const exclude = search.exclude.length
      ? Prisma.sql`AND rowid NOT IN (${shownFts(fts5Query(search.exclude, " OR "))})`
      : Prisma.empty;
    matching = Prisma.sql`
      SELECT rowid FROM "TaskPromptFts" WHERE "TaskPromptFts" MATCH ${query} ${exclude}
      UNION SELECT rowid FROM "TaskShownFts" WHERE "TaskShownFts" MATCH ${query} ${limit}`;
  }
  const rows = await db.$queryRaw<{ n: bigint | number }[]>`SELECT COUNT(*) AS "n" FROM (${matching}) m`;
  return Number(rows[0]?.n ?? 0);
}
