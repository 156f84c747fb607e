import type { Prisma } from "../generated/prisma/client";

/**
 * A task reported completed without any result URL is asked about again for a while before the
 * studio settles for "no result": a relay may flip the status before it fills in the URL, and the
 * task (and its credits) would otherwise be lost to the user for good.
 */
export const RESULT_URL_GRACE_MS = 2 * 60_000;

type TaskLike = { status: string; mediaState: string; finishedAt: Date | null };

/** Completed, no result file known yet, and completed recently enough to ask again. */
export function awaitsResultUrls(task: TaskLike, now: number, graceMs = RESULT_URL_GRACE_MS): boolean {
  return (
    task.status === "completed" &&
    task.mediaState === "none" &&
    task.finishedAt !== null &&
    now - task.finishedAt.getTime() < graceMs
  );
}

/** The same condition as a query filter (tracker, poll claim). */
export function awaitingResultUrlsWhere(now: number, graceMs = RESULT_URL_GRACE_MS): Prisma.TaskWhereInput {
  return { status: "completed", mediaState: "none", finishedAt: { gt: new Date(now - graceMs) } };
}
