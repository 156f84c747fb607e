import type { PresentedTask } from "./present-task";

/**
 * Lists carry a prompt preview, the item its whole prompt: a page of 60 tiles or 20 recent tasks
 * stays small however long the prompts are (up to the catalog's 20,000 characters each).
 */
export const PROMPT_PREVIEW_CHARS = 300;

export function promptPreview(prompt: string): { prompt: string; promptTruncated: boolean } {
  if (prompt.length <= PROMPT_PREVIEW_CHARS) return { prompt, promptTruncated: false };
  // By code point, so an emoji or a rare CJK character is never cut in half.
  const chars = Array.from(prompt);
  if (chars.length <= PROMPT_PREVIEW_CHARS) return { prompt, promptTruncated: false };
  return { prompt: chars.slice(0, PROMPT_PREVIEW_CHARS).join(""), promptTruncated: true };
}

/** A task in a list: its request stays with the task itself (GET /api/v2/model-center/tasks/{id}). */
export type PresentedTaskSummary = Omit<PresentedTask, "studio"> & {
  studio: Omit<PresentedTask["studio"], "request"> & { prompt: string; promptTruncated: boolean };
};

export function summarizeTask(task: PresentedTask): PresentedTaskSummary {
  const { request, ...studio } = task.studio;
  const prompt = typeof request.prompt === "string" ? request.prompt : "";
  return { ...task, studio: { ...studio, ...promptPreview(prompt) } };
}
