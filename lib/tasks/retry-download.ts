import { z } from "zod";
import { ownedBy, type Viewer } from "../auth/scope";
import type { Db } from "../db-client";
import { failureColumns, StudioError } from "../errors";
import { signedExpiry } from "../upstream/url-expiry";
import { updateMediaState } from "./media-state";

type MediaLike = { status: string; sourceUrl: string };

export type DownloadRetry = { allowed: true } | { allowed: false; status: 409 | 410; reason: string };

/**
 * Whether a result file that was not stored may be downloaded again: only while its upstream URL
 * lives. The spec gives result URLs no lifetime ("they expire"), so a URL's own signed expiry is
 * the one known end; a URL the studio saw answer 403/404/410 (status "expired") counts as gone
 * unless its signature says it still runs (a CDN that had not propagated yet). Retrying spends no
 * credits: the same stored URL is fetched again, nothing is sent to the upstream's task API.
 */
export function downloadRetry(media: MediaLike, now: number): DownloadRetry {
  if (media.status === "stored")
    return { allowed: false, status: 409, reason: "The file is already stored." };
  if (media.status === "pending" || media.status === "downloading")
    return { allowed: false, status: 409, reason: "The file is being downloaded already." };
  const expiresAt = signedExpiry(media.sourceUrl);
  if (expiresAt && expiresAt.getTime() <= now)
    return {
      allowed: false,
      status: 410,
      reason: `The result URL expired at ${expiresAt.toISOString()}; the upstream no longer serves the file.`,
    };
  if (media.status === "expired" && !expiresAt)
    return {
      allowed: false,
      status: 410,
      reason:
        "The result URL has expired (the upstream answered that it is gone); it cannot be fetched again.",
    };
  return { allowed: true };
}

/** POST /api/tasks/:id/media/retry: `{}` for every unstored file, or `{ mediaId }` for one. */
export const retryDownloadSchema = z.strictObject({
  mediaId: z.string({ error: "must be the id of one of the task's files" }).min(1).optional(),
});

/**
 * Puts a task's unstored result files (or one of them, `mediaId`) back in the download queue; the
 * tracker's download workers fetch them as any new result. Another user's task is a 404, as if it
 * did not exist; a file that cannot be retried answers 409/410 with the reason.
 */
export async function retryDownloads(
  db: Db,
  viewer: Viewer,
  taskId: string,
  options: { mediaId?: string; now?: number } = {},
): Promise<{ retried: string[] }> {
  const now = options.now ?? Date.now();
  const task = await db.task.findFirst({
    where: { id: taskId, ...ownedBy(viewer) },
    select: { id: true, media: { select: { id: true, status: true, sourceUrl: true } } },
  });
  if (!task) throw new StudioError("not_found", `No task with id "${taskId}".`);
  const chosen = options.mediaId ? task.media.filter((m) => m.id === options.mediaId) : task.media;
  if (options.mediaId && chosen.length === 0)
    throw new StudioError("not_found", `Task "${taskId}" has no file with id "${options.mediaId}".`);
  const unstored = chosen.filter((m) => m.status !== "stored");
  if (unstored.length === 0)
    throw new StudioError("conflict", "Every result file of this task is stored; there is nothing to retry.");
  const verdicts = unstored.map((m) => ({ media: m, retry: downloadRetry(m, now) }));
  const allowed = verdicts.filter((v) => v.retry.allowed).map((v) => v.media.id);
  if (allowed.length === 0) {
    const refusal = verdicts[0].retry as Extract<DownloadRetry, { allowed: false }>;
    throw new StudioError("conflict", refusal.reason, {
      status: refusal.status,
      details: { reason: refusal.status === 410 ? "expired" : "in_progress" },
    });
  }
  // Only rows still failed/expired: a concurrent retry or a worker must not be reset under it.
  await db.media.updateMany({
    where: { id: { in: allowed }, status: { in: ["failed", "expired"] } },
    data: {
      status: "pending",
      attempts: 0,
      nextAttemptAt: new Date(now),
      leaseUntil: null,
      ...failureColumns(null, "error"),
    },
  });
  await updateMediaState(db, task.id, new Date(now));
  return { retried: allowed };
}
