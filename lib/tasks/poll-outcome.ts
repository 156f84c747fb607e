import "server-only";
import { failureColumns, failureOf, isStudioError, type Failure } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import type { PolledTask } from "./claims";
import { isTerminal } from "./status";
import { queryTask, type UpstreamTaskJson } from "../upstream/task-client";
import { jitter, type TaskDeps } from "./deps";
import { extendNotFoundStreak, isNotFoundStatus, notFoundColumns } from "./not-found-streak";
import { writeRunningTaskUpdates } from "./bulk-task-update";
import { emitTaskFinished, emitTaskSettled } from "../webhooks/task-events";
import { planTaskUpdate, recordUpstreamTaskIn, type TaskUpdate } from "./record-upstream-task";
import { shareRecovery, shareThrottle } from "./shared-gate";

/** What one query about a claimed task came to; written by writePollOutcomes. */
export type PollOutcome =
  | { kind: "answered"; task: PolledTask; raw: UpstreamTaskJson }
  | { kind: "failed"; task: PolledTask; error: unknown }
  /**
   * 429 / Retry-After: not the task's fault; it keeps its place (nextPollAt, failures), the whole
   * tracker waits. lastPolledAt stays: the attempt counts towards the 5 s minimum interval.
   */
  | { kind: "throttled"; task: PolledTask };

/**
 * Asks the upstream about a task this poller holds the lease of. A 429 or Retry-After feeds the
 * shared back-off (upstream-gate.ts); any other answer tells the gate the upstream is fine.
 */
export async function queryClaimedTask(task: PolledTask, deps: TaskDeps): Promise<PollOutcome> {
  try {
    const raw = await queryTask(task.id, deps.upstream, task.v1Family);
    upstreamAnswered(deps);
    return { kind: "answered", task, raw };
  } catch (error) {
    const details = isStudioError(error) ? error.details : {};
    const status = typeof details.upstreamStatus === "number" ? details.upstreamStatus : undefined;
    const retryAfter = typeof details.retryAfterSeconds === "number" ? details.retryAfterSeconds : null;
    if (status === 429 || (status !== undefined && retryAfter !== null)) {
      deps.gate.throttled(deps.now(), status, retryAfter);
      // The other studio processes wait too (shared-gate.ts); a failed write only keeps it local.
      await shareThrottle(deps.db, deps.gate).catch((e: unknown) =>
        deps.log.warn("[tracker] could not share the upstream's back-off with other processes:", e),
      );
      return { kind: "throttled", task };
    }
    if (status !== undefined) upstreamAnswered(deps);
    return { kind: "failed", task, error };
  }
}

function upstreamAnswered(deps: TaskDeps): void {
  if (deps.gate.answered()) void shareRecovery(deps.db, deps.now()).catch(() => undefined);
}

/**
 * Writes outcomes in one transaction (one commit for many polls: SQLite's fsync per commit would
 * otherwise cap the tracker). Every outcome clears its task's lease. Resolves to the number of
 * result URLs the answers added, so the caller can start their downloads at once.
 */
export async function writePollOutcomes(outcomes: readonly PollOutcome[], deps: TaskDeps): Promise<number> {
  if (outcomes.length === 0) return 0;
  // Planned before the transaction: the connection is held only for the writes.
  const running: TaskUpdate[] = [];
  for (const outcome of outcomes) {
    if (outcome.kind !== "answered") continue;
    const plan = planTaskUpdate(deps, outcome.task, outcome.raw);
    if (!plan.terminal) running.push(plan);
  }
  const bulk = new Set(running.map((r) => r.id));
  return deps.db.$transaction(async (tx) => {
    let urls = 0;
    // Still running (most answers): one statement for all of them.
    await writeRunningTaskUpdates(tx, running, new Date(deps.now()));
    for (const outcome of outcomes) {
      if (outcome.kind === "answered") {
        if (!bulk.has(outcome.task.id))
          urls += await recordUpstreamTaskIn(tx, deps, outcome.task, outcome.raw);
      } else if (outcome.kind === "failed") await recordPollFailureIn(tx, deps, outcome.task, outcome.error);
      else {
        await tx.task.updateMany({ where: { id: outcome.task.id }, data: { pollLeaseUntil: null } });
      }
    }
    return urls;
  });
}

async function recordPollFailureIn(
  tx: Prisma.TransactionClient,
  deps: TaskDeps,
  task: PolledTask,
  error: unknown,
): Promise<void> {
  const failures = task.pollFailures + 1;
  const failure = pollFailure(error);
  const message = failure.message;
  const now = deps.now();
  const upstreamStatus = isStudioError(error) ? error.details.upstreamStatus : undefined;
  const id = task.id;

  // Only "not found" answers in a row, over a long enough time, say the upstream lost the task: a
  // 5xx or network error says nothing about it, and a relay restarting (or a briefly wrong base
  // URL) may answer 404 for a few minutes. Then the task can never finish; say so instead of
  // polling forever.
  const streak = isNotFoundStatus(upstreamStatus) ? extendNotFoundStreak(task, now) : null;
  if (
    streak &&
    !isTerminal(task.status) &&
    streak.count >= deps.polling.lostAfter &&
    now - streak.since >= deps.polling.lostAfterMs
  ) {
    const minutes = Math.round((now - streak.since) / 60_000);
    deps.log.warn(`[tasks] task ${id}: the upstream no longer knows it (${message}); marking it failed.`);
    await tx.task.updateMany({
      where: { id },
      data: {
        status: "failed",
        ...failureColumns({
          code: "tracker_upstream_lost",
          message: `The upstream no longer knows this task: HTTP ${upstreamStatus} on ${streak.count} queries in a row over ${minutes} minutes.`,
          params: { upstreamStatus: String(upstreamStatus), queries: streak.count, minutes },
        }),
        finishedAt: new Date(now),
        settledAt: new Date(now),
        pollFailures: failures,
        ...failureColumns(failure, "lastPollError"),
        pollLeaseUntil: null,
        ...notFoundColumns(streak),
      },
    });
    await emitTaskFinished(tx, id).then(() => emitTaskSettled(tx, id));
    return;
  }
  const base = deps.polling.intervalMs[0] * 2 ** Math.min(failures, 10);
  const delay = Math.min(deps.polling.maxBackoffMs, jitter(base * 0.8, base * 1.2));
  if (failures === 1 || failures % 10 === 0)
    deps.log.warn(`[tasks] polling task ${id} failed (${failures}×): ${message}`);
  // updateMany: the task may have been deleted (gallery) while it was being asked about.
  await tx.task.updateMany({
    where: { id },
    data: {
      pollFailures: failures,
      ...failureColumns(failure, "lastPollError"),
      pollLeaseUntil: null,
      ...notFoundColumns(streak),
      nextPollAt: new Date(now + delay),
    },
  });
}

/** Why a poll failed, as the task panel shows it while the task keeps being asked. */
function pollFailure(error: unknown): Failure {
  if (isStudioError(error)) return failureOf(error);
  const detail = String((error as Error)?.message ?? error);
  return { code: "tracker_unexpected", message: `Unexpected error: ${detail}`, params: { detail } };
}
