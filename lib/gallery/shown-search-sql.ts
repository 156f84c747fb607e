import type { SqlDialect } from "../db-client";
import { Prisma } from "../generated/prisma/client";
import { promptSearchConditions, type SearchPlan } from "./prompt-search-sql";
import type { PromptSearch } from "./search";

/**
 * The gallery search over what is shown as well as the prompt (issue 25,
 * docs/decisions/vision-library.md): one syntax, one parse (search.ts); each term may be found in the
 * prompt, the caption or a tag, and an excluded one in none of them. Each task has one search row
 * holding all three (SQLite: FTS5 table TaskSearchFts, rowid = the task's; PostgreSQL: the document
 * of TaskPromptSearch), kept by triggers on Task and TaskDescription, so the words are the prompt
 * search's own conditions (prompt-search-sql.ts): one index, walked or looked up (choosePagePlan).
 */
export function searchConditions(dialect: SqlDialect, search: PromptSearch, plan?: SearchPlan): Prisma.Sql[] {
  const words = promptSearchConditions(dialect, { ...search, contains: [], notContains: [] }, plan);
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
