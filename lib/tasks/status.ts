/**
 * The spec's four task states, the one place they are spelled: the database column, the upstream's
 * normalized answers, filters and pages all use these. Browser-safe.
 */
export const TASK_STATUSES = ["queued", "processing", "completed", "failed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Still running upstream: the tracker polls these, the header counts them. */
export const RUNNING_STATUSES = ["queued", "processing"] as const satisfies readonly TaskStatus[];

/** Terminal states are final: the studio never moves a task out of them. */
export const isTerminal = (status: string | undefined): boolean =>
  status === "completed" || status === "failed";
