import "server-only";
import { isStudioError } from "../errors";
import { studioMetrics } from "../metrics/studio-metrics";
import { inSpan, taskTraceContext, TASK_ID } from "../tracing";
import type { PolledTask } from "./claims";
import type { TaskDeps } from "./deps";
import { queryClaimedTask, type PollOutcome } from "./poll-outcome";

/** How late each claimed poll is: the tracker's lag histogram (docs/decisions/operations.md). */
export function notePollsClaimed(tasks: readonly PolledTask[], now: number): void {
  const { pollLagSeconds } = studioMetrics().tracker;
  for (const task of tasks) pollLagSeconds.observe(Math.max(0, now - task.nextPollAt.getTime()) / 1000);
}

/**
 * One poll, as a span of the task's trace (lib/tracing.ts) and in the poll metrics: its answer
 * time by outcome, and failures by kind.
 */
export function tracedPoll(task: PolledTask, deps: TaskDeps): Promise<PollOutcome> {
  return inSpan(
    "task.poll",
    { [TASK_ID]: task.id, "studio.task.previous_status": task.status },
    async (span) => {
      const started = performance.now();
      const outcome = await queryClaimedTask(task, deps);
      const metrics = studioMetrics().tracker;
      metrics.pollSeconds.observe({ outcome: outcome.kind }, (performance.now() - started) / 1000);
      span.setAttribute("studio.poll.outcome", outcome.kind);
      if (outcome.kind === "answered" && typeof outcome.raw.status === "string")
        span.setAttribute("studio.task.status", outcome.raw.status);
      if (outcome.kind === "throttled") {
        metrics.throttled.inc();
        metrics.failures.inc({ kind: "throttled" });
      } else if (outcome.kind === "failed") {
        const kind = pollFailureKind(outcome.error);
        metrics.failures.inc({ kind });
        span.setAttribute("studio.poll.failure", kind);
      }
      return outcome;
    },
    taskTraceContext(task.id),
  );
}

/** A bounded label for why a poll failed: the upstream's status class, or how the call broke. */
export function pollFailureKind(error: unknown): string {
  if (!isStudioError(error)) return "internal";
  const status = error.details.upstreamStatus;
  if (typeof status === "number") {
    if (status === 404 || status === 410) return "upstream_not_found";
    return status >= 500 ? "upstream_5xx" : "upstream_4xx";
  }
  if (error.code === "upstream_unreachable") return "upstream_unreachable";
  if (error.code === "upstream_bad_response") return "upstream_bad_response";
  if (error.code === "dependency_unavailable") return "database";
  return error.code;
}
