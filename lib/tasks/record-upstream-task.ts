import { failureColumns } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import type { PolledTask } from "./claims";
import { normalizeTask, type NormalizedTask } from "../upstream/normalize-task";
import { isTerminal, type TaskStatus } from "./status";
import type { UpstreamTaskJson } from "../upstream/task-client";
import { signedExpiry } from "../upstream/url-expiry";
import { jitter, type TaskDeps } from "./deps";
import { computeMediaState, writeMediaState } from "./media-state";
import { RESULT_URL_GRACE_MS } from "./result-url-grace";
import { emitTaskFinished } from "../webhooks/task-events";
import { upstreamTaskFailure } from "./task-failure";

/**
 * Stores what the upstream just said about a task: its state, numbers and error, the raw object,
 * and — once it is terminal — one Media row per distinct result URL for the downloader.
 * Terminal states are final: the studio never moves a task out of them, and stops polling — except
 * that a task completed without any result URL is asked again for a grace period, whose URLs then
 * still become Media rows.
 */
export async function recordUpstreamTask(
  deps: TaskDeps,
  task: PolledTask,
  raw: UpstreamTaskJson,
): Promise<void> {
  await deps.db.$transaction((tx) => recordUpstreamTaskIn(tx, deps, task, raw));
}

/**
 * The same, inside a transaction the caller holds (the tracker writes many answers in one).
 * Clears the poll lease. Resolves to the number of result URLs now waiting for a download.
 */
export async function recordUpstreamTaskIn(
  tx: Prisma.TransactionClient,
  deps: TaskDeps,
  task: PolledTask,
  raw: UpstreamTaskJson,
): Promise<number> {
  const plan = planTaskUpdate(deps, task, raw);
  const { status, terminal, upstream } = plan;
  // updateMany: the task may have been deleted (gallery) while it was being asked about; then
  // nothing is written (a batch of answers must not fail for it).
  const updated = await tx.task.updateMany({ where: { id: task.id }, data: plan.data });
  if (updated.count === 0) return 0;
  if (status === "completed") {
    for (const result of upstream.resultUrls) {
      await tx.media.upsert({
        where: { taskId_sourceUrl: { taskId: task.id, sourceUrl: result.url } },
        create: {
          taskId: task.id,
          sourceUrl: result.url,
          role: result.role,
          fields: result.fields.join(","),
          expiresAt: signedExpiry(result.url),
        },
        update: { role: result.role, fields: result.fields.join(",") },
      });
    }
  }
  if (terminal && !isTerminal(task.status)) await emitTaskFinished(tx, task.id);
  if (terminal) {
    const media = await tx.media.findMany({
      where: { taskId: task.id },
      select: { role: true, status: true },
    });
    await writeMediaState(tx, task.id, computeMediaState(media), new Date(deps.now()));
  }
  if (status === "completed" && upstream.resultUrls.length === 0 && task.status !== "completed") {
    deps.log.warn(
      `[tasks] task ${task.id} completed without any result URL; asking again for ${RESULT_URL_GRACE_MS / 60_000} minutes.`,
    );
  }
  return status === "completed" ? upstream.resultUrls.length : 0;
}

/** What one answer changes on its task row (the same columns whether written alone or in bulk). */
export type TaskUpdate = {
  id: string;
  status: TaskStatus;
  terminal: boolean;
  upstream: NormalizedTask;
  data: {
    status: TaskStatus;
    progress: number | null;
    amount: number | null;
    actualDuration: number | null;
    error: string | null;
    errorCode: string | null;
    errorParams: string | null;
    upstreamTask: string;
    upstreamUrls: string | null;
    upstreamCreated: number | null;
    startedAt: Date | null;
    finishedAt: Date | null;
    pollFailures: 0;
    lastPollError: null;
    lastPollErrorCode: null;
    lastPollErrorParams: null;
    notFoundCount: 0;
    notFoundSince: null;
    nextPollAt: Date;
    pollLeaseUntil: null;
  };
};

export function planTaskUpdate(deps: TaskDeps, task: PolledTask, raw: UpstreamTaskJson): TaskUpdate {
  const upstream = normalizeTask(raw);
  const status = nextStatus(deps, task, upstream);
  const now = new Date(deps.now());
  const terminal = isTerminal(status);
  const [minPoll, maxPoll] = deps.polling.intervalMs;
  return {
    id: task.id,
    status,
    terminal,
    upstream,
    data: {
      status,
      progress: nextProgress(task, upstream, status),
      amount: upstream.amount ?? task.amount,
      actualDuration: upstream.actualDuration ?? task.actualDuration,
      ...failureColumns(
        status === "failed" && upstream.error ? upstreamTaskFailure(upstream.error) : null,
        "error",
      ),
      upstreamTask: JSON.stringify(raw),
      upstreamUrls: Object.keys(upstream.urlFields).length
        ? JSON.stringify(upstream.urlFields)
        : task.upstreamUrls,
      upstreamCreated: upstream.created ?? task.upstreamCreated,
      startedAt: task.startedAt ?? (status !== "queued" ? now : null),
      finishedAt: terminal ? (task.finishedAt ?? now) : null,
      pollFailures: 0,
      lastPollError: null,
      lastPollErrorCode: null,
      lastPollErrorParams: null,
      notFoundCount: 0,
      notFoundSince: null,
      // A completed task without result URLs is asked again, less often (result-url-grace.ts).
      nextPollAt: new Date(now.getTime() + (terminal ? 3 : 1) * jitter(minPoll, maxPoll)),
      pollLeaseUntil: null,
    },
  };
}

// The spec shows no transitions; only "terminal is final" is assumed. An unknown status keeps the
// task where it was (still polled) rather than guessing it finished.
function nextStatus(deps: TaskDeps, task: PolledTask, upstream: NormalizedTask): TaskStatus {
  const current = task.status as TaskStatus;
  if (isTerminal(current)) return current;
  if (upstream.status) return upstream.status;
  deps.log.warn(
    `[tasks] task ${task.id}: unknown upstream status ${JSON.stringify(upstream.rawStatus)}; keeping "${current}".`,
  );
  return current;
}

// Progress shown to people never runs backwards while a task processes.
function nextProgress(task: PolledTask, upstream: NormalizedTask, status: TaskStatus): number | null {
  if (status === "completed") return 100;
  if (upstream.progress === null) return task.progress;
  if (task.progress === null || status !== task.status) return upstream.progress;
  return Math.max(task.progress, upstream.progress);
}
