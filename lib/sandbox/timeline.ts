import { taskHash, type TaskSeed } from "./task-codec";

/**
 * A task's life as a pure function of its id and the clock (spec: queued -> processing ->
 * completed | failed; the transitions themselves are "not shown"). Same id + same instant = same
 * answer, in any sandbox instance.
 */
export type Schedule = {
  createdMs: number;
  /** Processing starts here. */
  startsMs: number;
  /** Completion (or, for a failing task, the instant it would have completed). */
  endsMs: number;
  /** Set for `[fail]` tasks: they fail here, part-way through processing. */
  failsMs?: number;
};

export type Phase =
  | { status: "queued"; progress: 0 }
  | { status: "processing"; progress: number }
  | { status: "completed"; progress: 100; completedMs: number }
  | { status: "failed"; progress: number; failedMs: number };

const FAST_TOTAL_MS = 6_000;
const SLOW_TOTAL_MS = 30_000;

export function scheduleOf(id: string, seed: TaskSeed): Schedule {
  const created = seed.createdMs;
  // A test time scale (SANDBOX_TIME_SCALE for the end-to-end studio) shortens every phase alike.
  const scale = seed.timeScale ?? 1;
  const queuedMs = Math.round(scale * (seed.fast ? 1_500 : 2_000 + (taskHash(id, "queued") % 2_001)));
  const totalMs = Math.round(
    scale *
      (seed.fast ? FAST_TOTAL_MS : seed.slow ? SLOW_TOTAL_MS : 10_000 + (taskHash(id, "total") % 20_001)),
  );
  const startsMs = created + queuedMs;
  const endsMs = created + totalMs;
  const failsMs = seed.fail ? startsMs + Math.round((endsMs - startsMs) * 0.4) : undefined;
  return { createdMs: created, startsMs, endsMs, ...(failsMs !== undefined ? { failsMs } : {}) };
}

export function phaseAt(schedule: Schedule, nowMs: number): Phase {
  if (nowMs < schedule.startsMs) return { status: "queued", progress: 0 };
  if (schedule.failsMs !== undefined && nowMs >= schedule.failsMs) {
    return { status: "failed", progress: progressAt(schedule, schedule.failsMs), failedMs: schedule.failsMs };
  }
  if (nowMs >= schedule.endsMs) return { status: "completed", progress: 100, completedMs: schedule.endsMs };
  return { status: "processing", progress: progressAt(schedule, nowMs) };
}

/** 1..99 while processing: never 0 (it has started) and never 100 before the result exists. */
function progressAt(schedule: Schedule, nowMs: number): number {
  const fraction = (nowMs - schedule.startsMs) / (schedule.endsMs - schedule.startsMs);
  return Math.min(99, Math.max(1, 1 + Math.floor(fraction * 98)));
}
