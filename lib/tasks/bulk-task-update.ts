import { Prisma } from "../generated/prisma/client";
import type { TaskUpdate } from "./record-upstream-task";

/**
 * Writes the answers about many still-running tasks in one statement, the common case of a poll
 * (progress, the raw object, the next poll time): `UPDATE … FROM (VALUES …)`, plain SQL that
 * SQLite (3.33+) and PostgreSQL both run. A task deleted meanwhile simply matches no row.
 * Terminal answers (media rows, mediaState) go through recordUpstreamTaskIn one by one.
 */
export async function writeRunningTaskUpdates(
  tx: Prisma.TransactionClient,
  updates: readonly TaskUpdate[],
  now: Date,
): Promise<void> {
  // At most 11 parameters a row: well under SQLite's 32,766 per statement.
  for (let i = 0; i < updates.length; i += 500) {
    const rows = updates.slice(i, i + 500).map(({ id, data: d }) => {
      if (d.finishedAt !== null) throw new Error(`task ${id}: a terminal answer cannot be written in bulk`);
      return Prisma.sql`(${id}, ${d.status}, ${d.progress}, ${d.amount}, ${d.actualDuration}, ${d.upstreamTask}, ${d.upstreamUrls}, ${d.upstreamCreated}, ${d.startedAt}, ${d.nextPollAt})`;
    });
    await tx.$executeRaw`
      UPDATE "Task" SET
        "status" = v.column2, "progress" = v.column3, "amount" = v.column4,
        "actualDuration" = v.column5, "upstreamTask" = v.column6, "upstreamUrls" = v.column7,
        "upstreamCreated" = v.column8, "startedAt" = v.column9, "nextPollAt" = v.column10,
        "error" = NULL, "finishedAt" = NULL, "pollFailures" = 0, "lastPollError" = NULL,
        "notFoundCount" = 0, "notFoundSince" = NULL, "pollLeaseUntil" = NULL, "updatedAt" = ${now}
      FROM (VALUES ${Prisma.join(rows)}) AS v
      WHERE "Task"."id" = v.column1`;
  }
}
