import { z } from "zod";
import { ownerOf, type Viewer } from "../auth/scope";
import { summarizeBatches } from "../batches/read-batches";
import type { Db } from "../db";
import { itemListSelect, toGalleryItem } from "../gallery/item-select";
import { RUNNING_STATUSES } from "../tasks/status";
import { readReviewActivity } from "./review-activity";
import { quietActivity, type Activity, type ActivityBatch, type ActivityTask } from "./types";

export const activityQuery = z.object({
  since: z.iso.datetime({ error: "must be the cursor of an earlier answer (an ISO date)" }).optional(),
});

/**
 * A settle is written with its writer's clock inside a transaction that commits a little later; the
 * cursor trails the read by this much so such a row is still seen next time (the watcher drops ids
 * it already announced).
 */
const CURSOR_OVERLAP_MS = 30_000;
const MAX_TASKS = 20;
/**
 * How far back a cursor may reach: the watcher resumes within 10 minutes of a reload; an older (or
 * forged) cursor must not make every poll scan the user's whole history.
 */
const MAX_LOOKBACK_MS = 15 * 60_000;
const MAX_BATCHES = 20;

export async function readActivity(db: Db, viewer: Viewer, since: Date | null, now: Date): Promise<Activity> {
  // The viewer's own work, admins included: a notification is about what you are waiting for.
  const owner = { userId: ownerOf(viewer) };
  const countRunning = () => db.task.count({ where: { ...owner, status: { in: [...RUNNING_STATUSES] } } });
  const cursor = new Date(now.getTime() - CURSOR_OVERLAP_MS).toISOString();
  if (!since) {
    return quietActivity(cursor, await countRunning());
  }

  const from = new Date(Math.max(since.getTime(), now.getTime() - MAX_LOOKBACK_MS));
  const settled = { ...owner, settledAt: { gt: from, lte: now } };
  // A batch's tasks are announced together, when the batch is done.
  const alone = { ...settled, batchId: null };
  const [rows, count] = await Promise.all([
    db.task.findMany({
      where: alone,
      orderBy: [{ settledAt: "desc" }, { id: "desc" }],
      take: MAX_TASKS,
      select: { ...itemListSelect, settledAt: true },
    }),
    db.task.count({ where: alone }),
  ]);
  const tasks = rows.map((row): ActivityTask => ({
    ...toGalleryItem(row),
    settledAt: row.settledAt!.toISOString(),
    href:
      row.status === "completed"
        ? `/gallery?item=${encodeURIComponent(row.id)}`
        : `/?task=${encodeURIComponent(row.id)}`,
  }));

  const batchIds = await db.task.findMany({
    where: { ...settled, batchId: { not: null } },
    distinct: ["batchId"],
    orderBy: { settledAt: "desc" },
    take: MAX_BATCHES,
    select: { batchId: true },
  });
  const batches = (
    await summarizeBatches(
      db,
      viewer,
      batchIds.map((b) => b.batchId!),
    )
  )
    .filter((batch) => batch.done)
    .map((batch): ActivityBatch => ({
      id: batch.id,
      title: batch.title,
      total: batch.counts.total,
      completed: batch.counts.tasks.completed ?? 0,
      failed: batch.counts.total - (batch.counts.tasks.completed ?? 0),
      href: `/batches/${encodeURIComponent(batch.id)}`,
    }));
  const review = await readReviewActivity(db, viewer, from, now);
  // Counted after the lists, not before: a task that settled in between would be listed as done
  // and still counted as running. A task's status is terminal before its settledAt is written.
  const running = await countRunning();
  return { cursor, running, tasks, moreTasks: count - tasks.length, batches, ...review };
}
