import { z } from "zod";
import { ownedBy, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { decodeCursor, encodeCursor } from "../http/page-cursor";
import { TASK_STATUSES } from "./status";
import type { TaskWithMedia } from "./load-task";
import { sortMedia } from "./media-order";

/** Query of GET /api/tasks. */
export const listTasksQuery = z.object({
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  status: z.enum(TASK_STATUSES).optional(),
  model: z.string().trim().min(1).optional(),
});
export type ListTasksQuery = z.infer<typeof listTasksQuery>;

/** The viewer's tasks (an admin's: everyone's), newest first, `limit` at a time; nextCursor is null on the last page. */
export async function listTasks(
  db: Db,
  viewer: Viewer,
  query: ListTasksQuery,
): Promise<{ items: TaskWithMedia[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db.task.findMany({
    where: {
      ...ownedBy(viewer),
      ...(query.status ? { status: query.status } : {}),
      ...(query.model ? { model: query.model } : {}),
      ...(after
        ? {
            OR: [
              { submittedAt: { lt: new Date(after.submittedAt) } },
              { submittedAt: new Date(after.submittedAt), id: { lt: after.id } },
            ],
          }
        : {}),
    },
    orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    include: { media: true },
  });
  const items = rows.slice(0, query.limit).map((row) => ({ ...row, media: sortMedia(row.media) }));
  const last = items.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ submittedAt: last.submittedAt.toISOString(), id: last.id })
      : null;
  return { items, nextCursor };
}
