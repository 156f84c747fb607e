import type { Db } from "../db";
import { Prisma, type Media, type Task } from "../generated/prisma/client";
import { sortMedia } from "./media-order";

export type TaskWithMedia = Task & { media: Media[] };

// The task's columns as they are, each Media column as "media.<name>": one statement, one row-set.
const MEDIA_PREFIX = "media.";
const MEDIA_COLUMNS = Prisma.raw(
  Object.values(Prisma.MediaScalarFieldEnum)
    .map((name) => `m."${name}" AS "${MEDIA_PREFIX}${name}"`)
    .join(", "),
);

/**
 * A task and its media (in the one media order, ./media-order.ts). One LEFT JOIN statement instead of Prisma's
 * `include` (a query per relation, ~3 ms through the query compiler against ~0.4 ms): the task read
 * every open tab polls. Raw rows come back typed by the columns' declared types (Date, boolean…),
 * exactly as `findUnique` returns them (load-task.test.ts holds the two equal).
 */
export async function loadTask(db: Db, id: string): Promise<TaskWithMedia | null> {
  const rows = await db.$queryRaw<Record<string, unknown>[]>`
    SELECT t.*, ${MEDIA_COLUMNS} FROM "Task" t LEFT JOIN "Media" m ON m."taskId" = t."id"
    WHERE t."id" = ${id}`;
  if (rows.length === 0) return null;
  const task: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rows[0])) if (!key.startsWith(MEDIA_PREFIX)) task[key] = value;
  const media: Media[] = [];
  for (const row of rows) {
    if (row[`${MEDIA_PREFIX}id`] === null) continue; // a task without media: one row of NULLs
    const item: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row))
      if (key.startsWith(MEDIA_PREFIX)) item[key.slice(MEDIA_PREFIX.length)] = value;
    media.push(item as Media);
  }
  return { ...(task as Task), media: sortMedia(media) };
}
