import "server-only";
import type { Db } from "../db";
import { publicText } from "../upstream/public-text";
import { BEHIND_DOWNLOAD_WAIT_MS, BEHIND_POLL_OVERDUE_MS, type Tracker, type TrackerStatus } from "./tracker";
import { RUNNING_STATUSES } from "./status";

/** GET /api/health/tracker: how far the tracker lags, from the database (every process's work). */
export type TrackerHealth = {
  /** This process runs the tracker (TRACKER=1 in a server process). */
  tracking: boolean;
  runningTasks: number;
  /** How late the most overdue poll of a running task is (0: none is late). */
  oldestOverduePollSeconds: number;
  /** Result files not stored yet (pending or downloading). */
  pendingDownloads: number;
  /** How long the longest-waiting due download has waited for a worker. */
  oldestDueDownloadSeconds: number;
  /** The soonest signed expiry among the pending downloads' URLs. */
  soonestUrlExpiry: string | null;
  lastUpstreamError: { message: string; at: string } | null;
  /** The shared back-off after a 429 / Retry-After holds polls until then. */
  backoffUntil: string | null;
  behind: boolean;
  /** Why it is behind, in words (empty when it is not). */
  reasons: string[];
  /** This process's pools, when it tracks. */
  workers: (TrackerStatus["polls"] & { downloads: TrackerStatus["downloads"] }) | null;
};

const UNSTORED = ["pending", "downloading"];

export async function readTrackerHealth(db: Db, nowMs: number, tracker?: Tracker): Promise<TrackerHealth> {
  const now = new Date(nowMs);
  const [runningTasks, overdue, pendingDownloads, expiry, dueDownload, lastFailure] = await Promise.all([
    db.task.count({ where: { status: { in: [...RUNNING_STATUSES] } } }),
    // A task being asked about right now (leased) is not late, whatever its nextPollAt says.
    db.task.findFirst({
      where: {
        status: { in: [...RUNNING_STATUSES] },
        nextPollAt: { lte: now },
        OR: [{ pollLeaseUntil: null }, { pollLeaseUntil: { lte: now } }],
      },
      orderBy: { nextPollAt: "asc" },
      select: { nextPollAt: true },
    }),
    db.media.count({ where: { status: { in: UNSTORED } } }),
    db.media.aggregate({ where: { status: { in: UNSTORED } }, _min: { expiresAt: true } }),
    db.media.findFirst({
      where: { status: "pending", nextAttemptAt: { lte: now } },
      orderBy: { nextAttemptAt: "asc" },
      select: { nextAttemptAt: true },
    }),
    tracker
      ? null
      : db.task.findFirst({
          where: { lastPollError: { not: null }, lastPolledAt: { not: null } },
          orderBy: { lastPolledAt: "desc" },
          select: { lastPollError: true, lastPolledAt: true },
        }),
  ]);
  const status = tracker?.status() ?? null;
  const overdueMs = overdue ? nowMs - overdue.nextPollAt.getTime() : 0;
  const waitedMs = dueDownload ? nowMs - dueDownload.nextAttemptAt.getTime() : 0;
  const lastError =
    status?.lastUpstreamError ??
    (lastFailure?.lastPollError && lastFailure.lastPolledAt
      ? { message: lastFailure.lastPollError, at: lastFailure.lastPolledAt.toISOString() }
      : null);

  const reasons: string[] = [];
  if (overdueMs > BEHIND_POLL_OVERDUE_MS)
    reasons.push(`A running task's poll is ${Math.round(overdueMs / 1000)} s overdue.`);
  if (waitedMs > BEHIND_DOWNLOAD_WAIT_MS)
    reasons.push(`A result file has waited ${Math.round(waitedMs / 1000)} s for its download.`);
  if (status?.backoffUntil)
    reasons.push(`The upstream asked to slow down; polls wait until ${status.backoffUntil}.`);
  return {
    tracking: Boolean(tracker),
    runningTasks,
    oldestOverduePollSeconds: Math.round(overdueMs / 100) / 10,
    pendingDownloads,
    oldestDueDownloadSeconds: Math.round(waitedMs / 100) / 10,
    soonestUrlExpiry: expiry._min.expiresAt?.toISOString() ?? null,
    // Upstream text reaches the browser only through the presenter (no base URL, no key).
    lastUpstreamError: lastError ? { message: publicText(lastError.message), at: lastError.at } : null,
    backoffUntil: status?.backoffUntil ?? null,
    behind: reasons.length > 0,
    reasons,
    workers: status ? { ...status.polls, downloads: status.downloads } : null,
  };
}
