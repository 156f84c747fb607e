import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "../db";
import { failureColumns } from "../errors";
import { describesResultsOf } from "./settings";

/**
 * Queuing results for the describer (lib/vision/describer.ts): one TaskDescription row per task,
 * "pending" until described. Queuing twice is harmless (one row per task, `taskId` unique).
 */

/** After a result is stored (the tracker's hook): queued when its owner, or an admin for everyone, turned describing on. */
export async function queueAfterStored(db: Db, taskId: string): Promise<boolean> {
  const task = await db.task.findUnique({ where: { id: taskId }, select: { userId: true, kind: true } });
  if (!task || !(await describesResultsOf(db, task.userId))) return false;
  return queueTasks(db, [taskId]).then((n) => n > 0);
}

/** Pending rows for these tasks, those that have none yet; returns how many were added. */
export async function queueTasks(db: Db, taskIds: readonly string[]): Promise<number> {
  let added = 0;
  for (const taskId of taskIds) {
    // ON CONFLICT: another process (or the tracker beside a backfill) may queue it at the same time.
    added += await db.$executeRaw`
      INSERT INTO "TaskDescription" ("id", "taskId", "status", "createdAt", "updatedAt")
      VALUES (${randomUUID()}, ${taskId}, 'pending', ${new Date()}, ${new Date()})
      ON CONFLICT ("taskId") DO NOTHING`;
  }
  return added;
}

/**
 * These tasks described again: a pending row where none exists yet, and a row that ended in one of
 * `statuses` back to pending, its reason, attempts and lease cleared.
 */
export async function describeAgain(
  db: Db,
  taskIds: readonly string[],
  statuses: readonly ("done" | "refused" | "failed")[],
): Promise<void> {
  await queueTasks(db, taskIds);
  await db.taskDescription.updateMany({
    where: { taskId: { in: [...taskIds] }, status: { in: [...statuses] } },
    data: {
      status: "pending",
      ...failureColumns(null, "reason"),
      attempts: 0,
      leaseUntil: null,
      leaseHolder: null,
    },
  });
}

export type BackfillScope = { since?: Date; userId?: string | null };

/**
 * The backfill's queue: every stored result in scope without a description, and those refused
 * before (over budget then), in pages so a library of any size is queued in bounded memory.
 * Returns the task ids in scope that are still to be described.
 */
export async function queueBackfill(db: Db, scope: BackfillScope, pageSize = 500): Promise<number> {
  const where = {
    mediaState: { in: ["stored", "partial"] },
    ...(scope.since ? { submittedAt: { gte: scope.since } } : {}),
    ...(scope.userId !== undefined ? { userId: scope.userId } : {}),
  };
  let cursor: string | undefined;
  for (;;) {
    const page = await db.task.findMany({
      where: { ...where, description: { is: null } },
      select: { id: true },
      orderBy: { id: "asc" },
      take: pageSize,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    if (!page.length) break;
    await queueTasks(
      db,
      page.map((t) => t.id),
    );
    cursor = page.at(-1)!.id;
  }
  await db.taskDescription.updateMany({
    where: { status: "refused", task: where },
    data: { status: "pending", ...failureColumns(null, "reason"), leaseUntil: null, leaseHolder: null },
  });
  return db.taskDescription.count({ where: { status: "pending", task: where } });
}
