import { isStudioError } from "../errors";
import type { Task } from "../generated/prisma/client";
import { isTerminal } from "../upstream/normalize-task";
import { queryTask } from "../upstream/task-client";
import { jitter, taskDeps, type TaskDeps } from "./deps";
import { loadTask, type TaskWithMedia } from "./load-task";
import { extendNotFoundStreak, isNotFoundStatus, notFoundColumns } from "./not-found-streak";
import { recordUpstreamTask } from "./record-upstream-task";
import { awaitingResultUrlsWhere, awaitsResultUrls } from "./result-url-grace";

// One upstream query per task at a time in this process (browsers and the tracker share it).
const inFlight = ((
  globalThis as { __studioTaskRefreshes?: Map<string, Promise<void>> }
).__studioTaskRefreshes ??= new Map());

/**
 * The task as the studio knows it, first refreshed from the upstream when it is still running (or
 * completed without a result URL, within the grace period) and was not asked about within
 * `polling.minIntervalMs` — nor, while polls fail, before the backed-off `nextPollAt`. DB-backed,
 * so it holds however many browsers poll and across processes. null for unknown ids. Upstream
 * trouble never fails the read: it is recorded on the task (lastPollError) and polling backs off.
 */
export async function refreshTask(id: string, deps: TaskDeps = taskDeps()): Promise<TaskWithMedia | null> {
  const task = await deps.db.task.findUnique({ where: { id } });
  if (!task) return null;
  const running = !isTerminal(task.status) || awaitsResultUrls(task, deps.now());
  if (running && isDue(task, deps)) await pollTask(task.id, deps);
  return loadTask(deps.db, id);
}

/** Asks the upstream about one task now, unless another caller did within the minimum interval. */
export function pollTask(id: string, deps: TaskDeps = taskDeps()): Promise<void> {
  let running = inFlight.get(id);
  if (!running) {
    running = pollOnce(id, deps).finally(() => inFlight.delete(id));
    inFlight.set(id, running);
  }
  return running;
}

// While polls fail — or a completed task waits for its result URL — a browser keeps to the
// tracker's schedule (nextPollAt): an open tab must not turn "back off to 5 minutes" into "ask
// every 5 s".
function isDue(task: Task, deps: TaskDeps): boolean {
  const now = deps.now();
  const scheduled = task.pollFailures > 0 || isTerminal(task.status);
  if (scheduled && task.nextPollAt.getTime() > now) return false;
  return !task.lastPolledAt || now - task.lastPolledAt.getTime() >= deps.polling.minIntervalMs;
}

async function pollOnce(id: string, deps: TaskDeps): Promise<void> {
  const now = deps.now();
  const due = { nextPollAt: { lte: new Date(now) } };
  // The claim is the throttle: only a caller that moves lastPolledAt forward may ask the upstream.
  const claimed = await deps.db.task.updateMany({
    where: {
      id,
      OR: [
        { status: { in: ["queued", "processing"] }, OR: [{ pollFailures: 0 }, due] },
        { ...awaitingResultUrlsWhere(now), ...due },
      ],
      AND: {
        OR: [{ lastPolledAt: null }, { lastPolledAt: { lte: new Date(now - deps.polling.minIntervalMs) } }],
      },
    },
    data: { lastPolledAt: new Date(now) },
  });
  if (claimed.count === 0) return;

  let raw;
  try {
    raw = await queryTask(id, deps.upstream);
  } catch (error) {
    await recordPollFailure(id, error, deps);
    return;
  }
  const task = await deps.db.task.findUnique({ where: { id } });
  if (task) await recordUpstreamTask(deps, task, raw);
}

async function recordPollFailure(id: string, error: unknown, deps: TaskDeps): Promise<void> {
  const task = await deps.db.task.findUnique({
    where: { id },
    select: { status: true, pollFailures: true, notFoundCount: true, notFoundSince: true },
  });
  if (!task) return;
  const failures = task.pollFailures + 1;
  const message = isStudioError(error) ? error.message : `Unexpected error: ${(error as Error)?.message}`;
  const now = deps.now();
  const upstreamStatus = isStudioError(error) ? error.details.upstreamStatus : undefined;

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
    await deps.db.task.update({
      where: { id },
      data: {
        status: "failed",
        error: `The upstream no longer knows this task: HTTP ${upstreamStatus} on ${streak.count} queries in a row over ${minutes} minutes.`,
        finishedAt: new Date(now),
        pollFailures: failures,
        lastPollError: message,
        ...notFoundColumns(streak),
      },
    });
    return;
  }
  const base = deps.polling.intervalMs[0] * 2 ** Math.min(failures, 10);
  const delay = Math.min(deps.polling.maxBackoffMs, jitter(base * 0.8, base * 1.2));
  if (failures === 1 || failures % 10 === 0)
    deps.log.warn(`[tasks] polling task ${id} failed (${failures}×): ${message}`);
  await deps.db.task.update({
    where: { id },
    data: {
      pollFailures: failures,
      lastPollError: message,
      ...notFoundColumns(streak),
      nextPollAt: new Date(now + delay),
    },
  });
}
