import type { Db } from "../db";
import { emitTaskSettled, type TaskEventWriter } from "../webhooks/task-events";

/** Task.mediaState: where a task's downloads stand, as one word for lists and filters. */
export type MediaState = "none" | "pending" | "stored" | "partial" | "expired" | "failed";

type MediaLike = { role: string; status: string };

/**
 * Judged on the files the user asked for (results and last frames); the upstream's extra copies
 * count only when there is nothing else, so an expired duplicate never makes a stored video look lost.
 */
export function computeMediaState(media: readonly MediaLike[]): MediaState {
  if (media.length === 0) return "none";
  if (media.some((m) => m.status === "pending" || m.status === "downloading")) return "pending";
  const primary = media.filter((m) => m.role !== "extra");
  const judged = primary.length > 0 ? primary : media;
  const stored = judged.filter((m) => m.status === "stored").length;
  if (stored === judged.length) return "stored";
  if (stored > 0) return "partial";
  return judged.some((m) => m.status === "expired") ? "expired" : "failed";
}

type TaskWriter = TaskEventWriter;

/**
 * Writes a task's mediaState and, with it, settledAt: the instant the studio was done with the task
 * (final status and no download left), which the activity feed announces. Kept when already set, so
 * a task asked again (a completed task's grace for result URLs) is announced once; cleared while a
 * download is pending again (a retried download settles it anew).
 */
export async function writeMediaState(
  db: TaskWriter,
  taskId: string,
  mediaState: MediaState,
  now: Date,
): Promise<void> {
  await db.task.update({ where: { id: taskId }, data: { mediaState } });
  const settled = await db.task.updateMany({
    where: mediaState === "pending" ? { id: taskId } : { id: taskId, settledAt: null },
    data: { settledAt: mediaState === "pending" ? null : now },
  });
  // Settled just now (in the caller's transaction): the webhooks' outbox gets task.stored & co.
  if (mediaState !== "pending" && settled.count > 0) await emitTaskSettled(db, taskId);
}

/**
 * Judges a task's downloads again after one of them changed. Two downloads of one task finishing at
 * once (in two processes) must not leave the state judged from the earlier view last: the
 * transaction first writes the task row (a no-op), which holds that row's lock on PostgreSQL and
 * SQLite's write lock, so the second judgement waits and reads the first one's media as committed.
 */
export async function updateMediaState(db: Db, taskId: string, now = new Date()): Promise<MediaState> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`UPDATE "Task" SET "mediaState" = "mediaState" WHERE "id" = ${taskId}`;
    const media = await tx.media.findMany({ where: { taskId }, select: { role: true, status: true } });
    const mediaState = computeMediaState(media);
    await writeMediaState(tx, taskId, mediaState, now);
    return mediaState;
  });
}
