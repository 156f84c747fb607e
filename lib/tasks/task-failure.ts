import type { Failure } from "../errors";

/**
 * lib/upstream/normalize-task.ts's sentence for a failed task whose answer carried no message: the
 * studio's words, not the upstream's, so it gets a code of its own (refresh-task.test.ts fails
 * if the two drift apart).
 */
const NO_MESSAGE = "The upstream reported the task as failed without a message.";

/**
 * Task.error for a task the upstream reported failed. The upstream's own reason is kept as it
 * wrote it (code `task_upstream_failed`, which has no message of ours: every page shows it as
 * written); the studio's sentence for a failure without one is `task_failed_without_message`.
 */
export function upstreamTaskFailure(error: string): Failure {
  return error === NO_MESSAGE
    ? { code: "task_failed_without_message", message: error }
    : { code: "task_upstream_failed", message: error };
}
