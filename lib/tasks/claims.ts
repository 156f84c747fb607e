import { claimRows, leaseFree } from "../coordination/claim-rows";
import type { Db } from "../db-client";
import { Prisma, type Media, type Task } from "../generated/prisma/client";
import { RESULT_URL_GRACE_MS } from "./result-url-grace";

/**
 * Claiming work from the database: each claim is one lib/coordination/claim-rows.ts statement that
 * takes the most overdue rows and puts a lease on them, so two pollers — two workers, or two studio
 * processes on one database — never take the same row; a lease that runs out (its process died)
 * makes the row claimable again.
 */

export type PollClaim = { now: number; limit: number; leaseMs: number; minIntervalMs: number };

/** The columns a poll reads: what recording its answer or its failure needs. */
export type PolledTask = Pick<
  Task,
  | "id"
  | "status"
  | "progress"
  | "amount"
  | "actualDuration"
  | "upstreamUrls"
  | "upstreamCreated"
  | "startedAt"
  | "finishedAt"
  | "lastPolledAt"
  | "nextPollAt"
  | "pollFailures"
  | "notFoundCount"
  | "notFoundSince"
  | "v1Family"
>;

const POLLED_COLUMNS = [
  "id",
  "status",
  "progress",
  "amount",
  "actualDuration",
  "upstreamUrls",
  "upstreamCreated",
  "startedAt",
  "finishedAt",
  "lastPolledAt",
  "nextPollAt",
  "pollFailures",
  "notFoundCount",
  "notFoundSince",
  "v1Family",
] as const satisfies readonly (keyof PolledTask)[];

/**
 * Up to `limit` tasks due for a poll, most overdue first: running tasks whose nextPollAt has
 * come, and completed ones still waiting for a result URL (result-url-grace.ts). Never a task
 * another poller holds, nor one asked about within `minIntervalMs` (a browser's read counts).
 * The claim stamps lastPolledAt; the poll's outcome clears the lease.
 */
export async function claimDuePolls(db: Db, claim: PollClaim): Promise<PolledTask[]> {
  const now = new Date(claim.now);
  const lease = new Date(claim.now + claim.leaseMs);
  const polledBefore = new Date(claim.now - claim.minIntervalMs);
  const graceStart = new Date(claim.now - RESULT_URL_GRACE_MS);
  const rows = await claimRows<PolledTask>(db, {
    table: "Task",
    set: Prisma.sql`"pollLeaseUntil" = ${lease}, "lastPolledAt" = ${now}`,
    where: Prisma.sql`("status" IN ('queued', 'processing')
             OR ("status" = 'completed' AND "mediaState" = 'none' AND "finishedAt" > ${graceStart}))
        AND "nextPollAt" <= ${now}
        AND ${leaseFree(Prisma.sql`"pollLeaseUntil"`, now)}
        AND ("lastPolledAt" IS NULL OR "lastPolledAt" <= ${polledBefore})`,
    orderBy: Prisma.sql`"nextPollAt" ASC, "id" ASC`,
    limit: claim.limit,
    returning: POLLED_COLUMNS,
  });
  return rows.sort((a, b) => a.nextPollAt.getTime() - b.nextPollAt.getTime() || cmp(a.id, b.id));
}

export type DownloadClaim = { now: number; limit: number; leaseMs: number };

/**
 * Up to `limit` downloads, most urgent first: URLs with a signed expiry soonest first, then the
 * rest oldest first. Pending rows whose retry time has come, and "downloading" rows whose lease
 * ran out (or that a process before leases left behind). Counts the attempt.
 */
export async function claimDownloads(db: Db, claim: DownloadClaim): Promise<Media[]> {
  const now = new Date(claim.now);
  const lease = new Date(claim.now + claim.leaseMs);
  const rows = await claimRows<{ id: string }>(db, {
    table: "Media",
    set: Prisma.sql`"status" = 'downloading', "attempts" = "attempts" + 1, "leaseUntil" = ${lease}`,
    where: Prisma.sql`("status" = 'pending' AND "nextAttemptAt" <= ${now})
         OR ("status" = 'downloading' AND ${leaseFree(Prisma.sql`"leaseUntil"`, now)})`,
    orderBy: Prisma.sql`CASE WHEN "expiresAt" IS NULL THEN 1 ELSE 0 END, "expiresAt" ASC, "createdAt" ASC, "id" ASC`,
    limit: claim.limit,
    returning: ["id"],
  });
  if (rows.length === 0) return [];
  const media = await db.media.findMany({ where: { id: { in: rows.map((r) => r.id) } } });
  return media.sort(mostUrgentFirst);
}

export type LostClaim = { kind: "poll" | "download"; lease: Date };

/**
 * A claim whose answer never arrived (the connection dropped after the server ran it) leaves its
 * rows under a lease nobody works on for a whole lease: a download past its short-lived URL, a
 * poll late. Each claim's lease end is its token (ms, with the jitter the tracker adds): once the
 * database answers again, rows still held under that exact token are due again — a download back
 * to "pending" with its attempt uncounted, a task free to be polled. Returns how many.
 */
export async function releaseLostClaim(db: Db, claim: LostClaim, now: Date): Promise<number> {
  if (claim.kind === "poll")
    return db.$executeRaw`UPDATE "Task" SET "pollLeaseUntil" = NULL WHERE "pollLeaseUntil" = ${claim.lease}`;
  return db.$executeRaw`UPDATE "Media" SET "status" = 'pending', "leaseUntil" = NULL,
      "attempts" = CASE WHEN "attempts" > 0 THEN "attempts" - 1 ELSE 0 END, "nextAttemptAt" = ${now}
    WHERE "status" = 'downloading' AND "leaseUntil" = ${claim.lease}`;
}

/** Keeps a download's claim while its bytes flow; false when the row is no longer this worker's. */
export async function renewDownloadLease(db: Db, mediaId: string, until: number): Promise<boolean> {
  const { count } = await db.media.updateMany({
    where: { id: mediaId, status: "downloading" },
    data: { leaseUntil: new Date(until) },
  });
  return count > 0;
}

function mostUrgentFirst(a: Media, b: Media): number {
  const [x, y] = [a.expiresAt?.getTime() ?? Infinity, b.expiresAt?.getTime() ?? Infinity];
  if (x !== y) return x < y ? -1 : 1;
  return a.createdAt.getTime() - b.createdAt.getTime() || cmp(a.id, b.id);
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
