import "server-only";
import { ownedBySql, visibleOr404, type Viewer } from "../auth/scope";
import { sqlDialect, type Db } from "../db-client";
import { itemListSelect, itemNotFound, toGalleryItem } from "../gallery/item-select";
import { searchWords } from "../gallery/prompt-search-sql";
import type { SimilarItem } from "./types";

export type { SimilarItem };

/**
 * "Find similar": the items the viewer sees that share the most caption words and tags with this
 * one (a shared tag counts twice: it names a whole thing). Candidates come from the search index
 * (any shared caption or tag word: SQLite's TaskSearchFts columns, PostgreSQL's document weights B
 * and C), then are ranked here; common words say nothing and are left out.
 */
const STOP = new Set(
  "a an and are as at by for from in into is it its of on or over the their there this to under with while".split(
    " ",
  ),
);
const CANDIDATES = 300;

export function shownTerms(caption: string, tags: string[]): { words: Set<string>; tags: Set<string> } {
  const words = new Set(searchWords(caption).filter((w) => w.length > 2 && !STOP.has(w)));
  return { words, tags: new Set(tags.map((t) => t.toLowerCase())) };
}

const tagsOf = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
};

export async function similarItems(
  db: Db,
  viewer: Viewer,
  taskId: string,
  limit = 12,
): Promise<SimilarItem[]> {
  const task = await db.task.findUnique({
    where: { id: taskId },
    select: { userId: true, description: { select: { caption: true, tags: true, status: true } } },
  });
  visibleOr404(viewer, task, itemNotFound(taskId));
  const description = task!.description;
  if (!description || description.status !== "done") return [];
  const mine = shownTerms(description.caption, tagsOf(description.tags));
  const lexemes = [...new Set([...mine.words, ...[...mine.tags].flatMap((t) => searchWords(t))])];
  if (!lexemes.length) return [];

  const scope = ownedBySql(viewer);
  const candidates =
    sqlDialect(db) === "postgresql"
      ? await db.$queryRaw<{ id: string }[]>`
          SELECT t."id" FROM "TaskPromptSearch" s JOIN "Task" t ON t."id" = s."taskId"
          WHERE s."document" @@ CAST(${lexemes.map((w) => `'${w}':BC`).join(" | ")} AS tsquery)
            AND t."id" <> ${taskId} AND ${scope}
          LIMIT ${CANDIDATES}`
      : await db.$queryRaw<{ id: string }[]>`
          SELECT t."id" FROM "TaskSearchFts" f JOIN "Task" t ON t.rowid = f.rowid
          WHERE "TaskSearchFts" MATCH ${`{caption tags} : (${lexemes.map((w) => `"${w}"`).join(" OR ")})`}
            AND t."id" <> ${taskId} AND ${scope}
          LIMIT ${CANDIDATES}`;
  if (!candidates.length) return [];
  const rows = await db.task.findMany({
    where: { id: { in: candidates.map((c) => c.id) } },
    select: { ...itemListSelect, description: { select: { caption: true, tags: true, status: true } } },
  });
  const ranked = rows.flatMap((row) => {
    if (row.description?.status !== "done") return [];
    const theirs = shownTerms(row.description.caption, tagsOf(row.description.tags));
    const sharedTags = [...theirs.tags].filter((t) => mine.tags.has(t));
    const sharedWords = [...theirs.words].filter((w) => mine.words.has(w) && !sharedTags.includes(w));
    const score = sharedTags.length * 2 + sharedWords.length;
    if (!score) return [];
    return [{ ...toGalleryItem(row), shared: [...sharedTags, ...sharedWords], score }];
  });
  ranked.sort((a, b) => b.score - a.score || b.submittedAt.localeCompare(a.submittedAt));
  return ranked.slice(0, limit);
}
