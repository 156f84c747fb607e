import "server-only";
import { isVisibleTo, type Viewer } from "../auth/scope";
import { db } from "../db";
import type { Task } from "../generated/prisma/client";
import { isTerminal, RUNNING_STATUSES } from "./status";
import { taskDeps, type TaskDeps } from "./deps";
import { loadTask, type TaskWithMedia } from "./load-task";
import { writePollOutcomes } from "./poll-outcome";
import { tracedPoll } from "./tracker-telemetry";
import { syncGate } from "./shared-gate";
import { awaitingResultUrlsWhere, awaitsResultUrls } from "./result-url-grace";

// One upstream query per task at a time in this process (browsers and the tracker share it).
const inFlight = ((
  globalThis as { __studioTaskRefreshes?: Map<string, Promise<void>> }
).__studioTaskRefreshes ??= new Map());

/**
 * The task as the studio knows it, first refreshed from the upstream when it is still running (or
 * completed without a result URL, within the grace period) and was not asked about within
 * `polling.minIntervalMs` — nor, while polls fail, before the backed-off `nextPollAt`. DB-backed,
 * so it holds however many browsers poll and across processes. null for unknown ids, and for a
 * task the `viewer` (when given) may not see — which is then not refreshed for them either. Upstream
 * trouble never fails the read: it is recorded on the task (lastPollError) and polling backs off.
 *
 * A settled task (terminal, not waiting for a result URL) costs one read: no claim, no transaction,
 * and the pipeline's dependencies are only assembled when a poll is due.
 */
export async function refreshTask(
  id: string,
  deps?: TaskDeps,
  viewer?: Viewer,
): Promise<TaskWithMedia | null> {
  const task = await loadTask(deps?.db ?? db(), id);
  if (!task || (viewer && !isVisibleTo(viewer, task))) return null;
  const now = deps ? deps.now() : Date.now();
  if (isTerminal(task.status) && !awaitsResultUrls(task, now)) return task;
  const pipeline = deps ?? taskDeps();
  if (!isDue(task, pipeline)) {
    // Read while this process's poll was on the wire (its claim stamped lastPolledAt, its answer
    // not written yet): the poll is awaited and the task read again, so concurrent readers all see
    // the one answer. Another process's poll is not waited for: its answer shows at the next read.
    const running = inFlight.get(id);
    if (!running) return task;
    await running;
    return loadTask(pipeline.db, id);
  }
  await pollTask(task.id, pipeline);
  return loadTask(pipeline.db, id);
}

/** Asks the upstream about one task now, unless another caller did within the minimum interval. */
function pollTask(id: string, deps: TaskDeps = taskDeps()): Promise<void> {
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
  // The shared back-off (a 429 or Retry-After, told to any process) holds browsers' reads too:
  // they show the stored state.
  await syncGate(deps.db, deps.gate, now);
  if (deps.gate.waitMs(now) > 0) return;
  const due = { nextPollAt: { lte: new Date(now) } };
  // The claim is the throttle: only a caller that moves lastPolledAt forward, on a task no other
  // poller holds (the tracker's workers, another process), may ask the upstream.
  const claimed = await deps.db.task.updateMany({
    where: {
      id,
      OR: [
        { status: { in: [...RUNNING_STATUSES] }, OR: [{ pollFailures: 0 }, due] },
        { ...awaitingResultUrlsWhere(now), ...due },
      ],
      AND: [
        {
          OR: [{ lastPolledAt: null }, { lastPolledAt: { lte: new Date(now - deps.polling.minIntervalMs) } }],
        },
        { OR: [{ pollLeaseUntil: null }, { pollLeaseUntil: { lte: new Date(now) } }] },
      ],
    },
    data: { lastPolledAt: new Date(now), pollLeaseUntil: new Date(now + deps.polling.leaseMs) },
  });
  if (claimed.count === 0) return;
  const task = await deps.db.task.findUnique({ where: { id } });
  if (!task) return;
  // A read's poll is a poll of the task's trace and metrics like the tracker's own.
  const outcome = await tracedPoll(task, deps);
  await writePollOutcomes([outcome], deps);
}
