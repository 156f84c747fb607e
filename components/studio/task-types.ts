/**
 * The task object as the studio's proxy presents it (lib/tasks/present-task.ts): the upstream's
 * top-level fields with result URLs pointing at stored copies, plus the `studio` block.
 */
export type { PresentedMedia, PresentedTask } from "@/lib/tasks/present-task";

export function isTerminal(status: string | undefined): boolean {
  return status === "completed" || status === "failed";
}
