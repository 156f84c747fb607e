import type { Client, Task } from "./client";

const TERMINAL = new Set(["completed", "failed"]);
const SETTLED_MEDIA = new Set(["stored", "partial", "expired", "failed", "none"]);

/** "[██████░░░░░░░░░░░░░░]  30% processing" on stderr, rewritten in place on a terminal. */
export function progressLine(task: Task): string {
  const pct = Math.max(0, Math.min(100, task.progress ?? (task.status === "completed" ? 100 : 0)));
  const filled = Math.round(pct / 5);
  return `[${"█".repeat(filled)}${"░".repeat(20 - filled)}] ${String(Math.round(pct)).padStart(3)}% ${task.status}${task.status === "completed" ? ` · files ${task.studio.mediaState}` : ""}`;
}

/**
 * Polls the task until it is finished and, when `stored` is asked for, until the studio has
 * settled its copy of the files (the CLI downloads the stored copy, not the upstream's URL).
 */
export async function waitForTask(
  client: Client,
  id: string,
  options: { stored: boolean; intervalMs: number; timeoutMs: number; onProgress: (task: Task) => void },
): Promise<Task> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const task = await client.json<Task>(`/api/v2/model-center/tasks/${encodeURIComponent(id)}`);
    options.onProgress(task);
    const finished =
      TERMINAL.has(task.status) &&
      (!options.stored || task.status === "failed" || SETTLED_MEDIA.has(task.studio.mediaState));
    if (finished || Date.now() > deadline) return task;
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
  }
}
