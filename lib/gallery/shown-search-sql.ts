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
  const words = dialect === "postgresql" ? tsWordConditions(search, plan) : fts5WordConditions(search, plan);
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

function fts5WordConditions(search: PromptSearch, plan: SearchPlan): Prisma.Sql[] {
  const inPrompt = promptSearchConditions("sqlite", promptOnly(search), plan);
  if (!search.include.length && !search.exclude.length) return [];
  const notShownExcluded = search.exclude.length
    ? Prisma.sql`t.rowid NOT IN (${shownFts(fts5Query(search.exclude, " OR "))})`
    : Prisma.sql`1 = 1`;
  if (!search.include.length) return [...inPrompt, notShownExcluded];
  return [
    Prisma.sql`((${Prisma.join(inPrompt, " AND ")}) AND ${notShownExcluded}) OR t.rowid IN (${shownFts(fts5IncludeQuery(search))})`,
  ];
}

const tsMatches = (terms: PromptSearch["include"], operator: "&" | "|") =>
  Prisma.sql`"document" @@ CAST(${tsQuery(terms, operator)} AS tsquery)`;

function tsIncludeCondition({ include, exclude }: PromptSearch): Prisma.Sql {
  const included = tsMatches(include, "&");
  return exclude.length ? Prisma.sql`${included} AND NOT ${tsMatches(exclude, "|")}` : included;
}

function tsWordConditions(search: PromptSearch, plan: SearchPlan): Prisma.Sql[] {
  const inPrompt = promptSearchConditions("postgresql", promptOnly(search), plan);
  if (!search.include.length && !search.exclude.length) return [];
  const shown = (where: Prisma.Sql) => Prisma.sql`SELECT "taskId" FROM "TaskShownSearch" WHERE ${where}`;
  const notShownExcluded = search.exclude.length
    ? Prisma.sql`t."id" NOT IN (${shown(tsMatches(search.exclude, "|"))})`
    : Prisma.sql`1 = 1`;
  if (!search.include.length) return [...inPrompt, notShownExcluded];
  if (plan === "lookup") {
    // Both indexes' matches as one array, computed once, as the prompt-only lookup does
    // (prompt-search-sql.ts): an OR of two conditions would have the planner read every task.
    const shownExcludes = search.exclude.length
      ? Prisma.sql`AND NOT EXISTS (SELECT 1 FROM "TaskShownSearch" s WHERE s."taskId" = p."taskId" AND s.${tsMatches(search.exclude, "|")})`
      : Prisma.empty;
    const matches = Prisma.sql`
      SELECT p."taskId" FROM "TaskPromptSearch" p WHERE ${tsIncludeCondition(search)} ${shownExcludes}
      UNION SELECT "taskId" FROM "TaskShownSearch" WHERE ${tsIncludeCondition(search)}`;
    return [Prisma.sql`t."id" = ANY(ARRAY(${matches}))`];
  }
  const shownMatch =
    plan === "walk"
      ? Prisma.sql`COALESCE((SELECT ${tsIncludeCondition(search)} FROM "TaskShownSearch" WHERE "taskId" = t."id"), false)`
      : Prisma.sql`t."id" IN (${shown(tsIncludeCondition(search))})`;
  return [Prisma.sql`((${Prisma.join(inPrompt, " AND ")}) AND ${notShownExcluded}) OR ${shownMatch}`];
}

/**
 * How many tasks match, from the two search indexes alone (a search without other filters, seen
 * whole); at most `cap`. A described task's shown row holds its prompt as well, so it matches exactly
 * when that row does; an undescribed one when its prompt row does: shown matches plus prompt matches
 * of tasks without a shown row, two disjoint counts (the second only when the first is under the cap).
 */
export async function countSearchIndexMatches(db: Db, search: PromptSearch, cap?: number): Promise<number> {
  const limit = (n: number | undefined) => (n === undefined ? Prisma.empty : Prisma.sql`LIMIT ${n}`);
  const count = async (matching: Prisma.Sql) => {
    const rows = await db.$queryRaw<{ n: bigint | number }[]>`SELECT COUNT(*) AS "n" FROM (${matching}) m`;
    return Number(rows[0]?.n ?? 0);
  };
  const postgres = sqlDialect(db) === "postgresql";
  const shown = await count(
    postgres
      ? Prisma.sql`SELECT 1 FROM "TaskShownSearch" WHERE ${tsIncludeCondition(search)} ${limit(cap)}`
      : Prisma.sql`SELECT 1 FROM "TaskShownFts" WHERE "TaskShownFts" MATCH ${fts5IncludeQuery(search)} ${limit(cap)}`,
  );
  if (cap !== undefined && shown >= cap) return shown;
  const rest = cap === undefined ? undefined : cap - shown;
  const promptOnlyMatches = await count(
    postgres
      ? Prisma.sql`SELECT 1 FROM "TaskPromptSearch" p WHERE ${tsIncludeCondition(search)}
          AND NOT EXISTS (SELECT 1 FROM "TaskShownSearch" s WHERE s."taskId" = p."taskId") ${limit(rest)}`
      : Prisma.sql`SELECT 1 FROM "TaskPromptFts" p WHERE "TaskPromptFts" MATCH ${fts5IncludeQuery(search)}
          AND NOT EXISTS (SELECT 1 FROM "TaskShownFts" s WHERE s.rowid = p.rowid) ${limit(rest)}`,
  );
  return shown + promptOnlyMatches;
}
