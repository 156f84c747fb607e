/**
 * The task object as the studio's proxy presents it (lib/tasks/present-task.ts): the upstream's
 * top-level fields with result URLs pointing at stored copies, plus the `studio` block.
 */
import type { PresentedTask } from "@/lib/tasks/present-task";
import type { PresentedTaskSummary } from "@/lib/tasks/prompt-preview";

export type { PresentedMedia, PresentedTask } from "@/lib/tasks/present-task";
export type { PresentedTaskSummary } from "@/lib/tasks/prompt-preview";
/** A task as the item route answers it, or as the list does (prompt preview, no request). */
export type AnyTask = PresentedTask | PresentedTaskSummary;
