import { keptFailureFields } from "../failure-fields";
import type { Db } from "../db";
import { emitEvent, type EventWriter } from "./emit";

/** What the task hooks read and write: the transaction recording the task's change. */
export type TaskEventWriter = EventWriter & Pick<Db, "task" | "batchItem" | "media">;

const taskSelect = {
  id: true,
  model: true,
  kind: true,
  status: true,
  error: true,
  errorCode: true,
  errorParams: true,
  userId: true,
  batchId: true,
  mediaState: true,
  finishedAt: true,
} as const;

/** A task as its events carry it: its error with the code and params beside it (lib/errors.ts). */
async function readTask(tx: TaskEventWriter, taskId: string) {
  const task = await tx.task.findUnique({ where: { id: taskId }, select: taskSelect });
  if (!task) return null;
  const { error, errorCode, errorParams, ...rest } = task;
  return { ...rest, ...keptFailureFields({ error, errorCode, errorParams }, "error") };
}

/**
 * The task just reached its final status (recorded in this transaction): task.completed or
 * task.failed. Called only on the change into a terminal status, so each task announces it once.
 */
export async function emitTaskFinished(tx: TaskEventWriter, taskId: string): Promise<void> {
  const task = await readTask(tx, taskId);
  if (!task || (task.status !== "completed" && task.status !== "failed")) return;
  const { userId, ...data } = task;
  await emitEvent(tx, task.status === "completed" ? "task.completed" : "task.failed", userId, data);
}

/**
 * The studio is done with the task (settledAt was just set in this transaction): task.stored when
 * its files are all stored, and batch.completed when it was the last open item of its batch.
 */
export async function emitTaskSettled(tx: TaskEventWriter, taskId: string): Promise<void> {
  const task = await readTask(tx, taskId);
  if (!task) return;
  const { userId, ...data } = task;
  if (task.mediaState === "stored") {
    const media = await tx.media.findMany({
      where: { taskId, status: "stored" },
      select: { id: true, role: true, contentType: true, size: true, sha256: true },
    });
    await emitEvent(tx, "task.stored", userId, {
      ...data,
      media: media.map((m) => ({ ...m, url: `/api/media/${m.id}` })),
    });
  }
  if (task.batchId) await emitIfBatchCompleted(tx, task.batchId, userId);
}

/**
 * batch.completed once no item is still to be sent or running: every item rejected, or sent with
 * its task settled. Judged when one of its tasks settles and when an item is rejected, so the last
 * one to finish announces it.
 */
export async function emitIfBatchCompleted(tx: TaskEventWriter, batchId: string, ownerId: string | null) {
  const items = await tx.batchItem.findMany({ where: { batchId }, select: { state: true, taskId: true } });
  if (items.some((i) => i.state !== "rejected" && !(i.state === "sent" && i.taskId))) return;
  const taskIds = items.flatMap((i) => (i.taskId ? [i.taskId] : []));
  const open = await tx.task.count({ where: { id: { in: taskIds }, settledAt: null } });
  if (open > 0) return;
  const tasks = await tx.task.groupBy({ by: ["status"], where: { id: { in: taskIds } }, _count: true });
  const counts = Object.fromEntries(tasks.map((t) => [t.status, t._count]));
  await emitEvent(tx, "batch.completed", ownerId, {
    id: batchId,
    items: items.length,
    rejected: items.filter((i) => i.state === "rejected").length,
    completed: counts.completed ?? 0,
    failed: counts.failed ?? 0,
  });
}
