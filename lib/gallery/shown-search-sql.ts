import { sqlDialect, type Db, type SqlDialect } from "../db-client";
import { Prisma } from "../generated/prisma/client";
import { countIndexMatches, fts5Query, promptSearchConditions, type SearchPlan } from "./prompt-search-sql";
import type { PromptSearch } from "./search";

/**
 * The gallery search over what is shown as well as the prompt (issue 25,
 * docs/decisions/vision-library.md): one syntax, one parse (search.ts); each term may be found in the
 * prompt, the caption or a tag, and an excluded one in none of them. PostgreSQL: one document per
 * task (TaskPromptSearch) holds all three. SQLite: a described task has a second search row
 * holding its prompt, caption and tags (FTS5 table TaskShownFts, rowid = the task's), kept by
 * triggers on TaskDescription and Task; a task matches when its prompt row matches — and its shown
 * row holds no excluded term — or when its shown row matches.
 */
export function searchConditions(dialect: SqlDialect, search: PromptSearch, plan?: SearchPlan): Prisma.Sql[] {
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

function fts5WordConditions(search: PromptSearch, plan: SearchPlan | undefined): Prisma.Sql[] {
  const inPrompt = promptSearchConditions("sqlite", promptOnly(search), plan);
  if (!search.include.length && !search.exclude.length) return [];
  const notShownExcluded = search.exclude.length
    ? Prisma.sql`t.rowid NOT IN (${shownFts(fts5Query(search.exclude, " OR "))})`
    : Prisma.sql`1 = 1`;
  if (!search.include.length) return [...inPrompt, notShownExcluded];
  // Walking, the unary + keeps SQLite from reading both lists' rows by rowid and sorting them
  // (MULTI-INDEX OR), as for the prompt alone (prompt-search-sql.ts).
  const shownMatch = plan === "walk" ? Prisma.sql`+t.rowid` : Prisma.sql`t.rowid`;
  return [
    Prisma.sql`((${Prisma.join(inPrompt, " AND ")}) AND ${notShownExcluded}) OR ${shownMatch} IN (${shownFts(fts5IncludeQuery(search))})`,
  ];
}

/**
 * PostgreSQL keeps one search document per task (TaskPromptSearch: the prompt, and for a described
 * task its caption and tags), so a search there is the prompt search's own condition: one index,
 * walked in gallery order or looked up (choosePagePlan), with no second list of matches to merge.
 */
function tsWordConditions(search: PromptSearch, plan: SearchPlan | undefined): Prisma.Sql[] {
  return promptSearchConditions("postgresql", promptOnly(search), plan);
}

/**
 * How many tasks match, from the search indexes alone (a search without other filters, seen
 * whole); at most `cap`. PostgreSQL: the one document per task. SQLite: a described task's shown
 * row holds its prompt as well, so it matches exactly when that row does; an undescribed one when
 * its prompt row does: shown matches plus prompt matches of tasks without a shown row, two disjoint
 * counts (the second only when the first is under the cap).
 */
export async function countSearchIndexMatches(db: Db, search: PromptSearch, cap?: number): Promise<number> {
  if (sqlDialect(db) === "postgresql") return countIndexMatches(db, search, cap);
  const limit = (n: number | undefined) => (n === undefined ? Prisma.empty : Prisma.sql`LIMIT ${n}`);
  const count = async (matching: Prisma.Sql) => {
    const rows = await db.$queryRaw<{ n: bigint | number }[]>`SELECT COUNT(*) AS "n" FROM (${matching}) m`;
    return Number(rows[0]?.n ?? 0);
  };
  const shown = await count(
    Prisma.sql`SELECT 1 FROM "TaskShownFts" WHERE "TaskShownFts" MATCH ${fts5IncludeQuery(search)} ${limit(cap)}`,
  );
  if (cap !== undefined && shown >= cap) return shown;
  const rest = cap === undefined ? undefined : cap - shown;
  const promptOnlyMatches = await count(
    Prisma.sql`SELECT 1 FROM "TaskPromptFts" p WHERE "TaskPromptFts" MATCH ${fts5IncludeQuery(search)}
      AND NOT EXISTS (SELECT 1 FROM "TaskShownFts" s WHERE s.rowid = p.rowid) ${limit(rest)}`,
  );
  return shown + promptOnlyMatches;
}
