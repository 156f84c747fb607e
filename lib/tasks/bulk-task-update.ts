import { sqlDialect } from "../db-client";
import { Prisma } from "../generated/prisma/client";
import type { TaskUpdate } from "./record-upstream-task";

type RunningColumn = keyof Omit<TaskUpdate["data"], "finishedAt">;

/**
 * The columns a running task's answer writes, in VALUES order after the id, with their PostgreSQL
 * type: VALUES parameters arrive untyped there and resolve to text, so each is cast on assignment.
 * SQLite takes them as they come.
 */
const COLUMNS: readonly [RunningColumn, string | null][] = [
  ["status", null],
  ["progress", "double precision"],
  ["amount", "double precision"],
  ["actualDuration", "double precision"],
  ["upstreamTask", null],
  ["upstreamUrls", null],
  ["upstreamCreated", "integer"],
  ["startedAt", "timestamp(3)"],
  ["nextPollAt", "timestamp(3)"],
];

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
  const postgres = sqlDialect(tx) === "postgresql";
  const assignments = Prisma.raw(
    COLUMNS.map(
      ([name, type], i) => `"${name}" = v.column${i + 2}${postgres && type ? `::${type}` : ""}`,
    ).join(", "),
  );
  // At most 11 parameters a row: well under SQLite's 32,766 per statement.
  for (let i = 0; i < updates.length; i += 500) {
    const rows = updates.slice(i, i + 500).map(({ id, data }) => {
      if (data.finishedAt !== null)
        throw new Error(`task ${id}: a terminal answer cannot be written in bulk`);
      return Prisma.sql`(${Prisma.join([id, ...COLUMNS.map(([name]) => data[name])])})`;
    });
    await tx.$executeRaw`
      UPDATE "Task" SET ${assignments},
        "error" = NULL, "errorCode" = NULL, "errorParams" = NULL, "finishedAt" = NULL, "pollFailures" = 0,
        "lastPollError" = NULL, "lastPollErrorCode" = NULL, "lastPollErrorParams" = NULL,
        "notFoundCount" = 0, "notFoundSince" = NULL, "pollLeaseUntil" = NULL, "updatedAt" = ${now}
      FROM (VALUES ${Prisma.join(rows)}) AS v
      WHERE "Task"."id" = v.column1`;
  }
}
