"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "./api";
import { isTerminal, SETTLED_MEDIA_STATES, type PresentedTask } from "./task-types";

/** The proxy refreshes from upstream at most every 5 s per task; polling it faster only shortens the lag. */
export const TASK_POLL_MS = 2_500;
/** A completed task whose downloads never started (no result URL at all) stops being polled after this. */
const MEDIA_GRACE_MS = 60_000;

export const taskQueryKey = (id: string) => ["task", id] as const;

export function fetchTask(id: string): Promise<PresentedTask> {
  return fetchJson<PresentedTask>(`/api/v2/model-center/tasks/${encodeURIComponent(id)}`);
}

/** True once neither the status nor the stored media of a task will change any more. */
export function isTaskSettled(task: PresentedTask, now = Date.now()): boolean {
  if (task.status === "failed") return true;
  if (!isTerminal(task.status)) return false;
  const mediaState = task.studio?.mediaState;
  if (mediaState === undefined) return true;
  if (mediaState !== "none") return SETTLED_MEDIA_STATES.includes(mediaState);
  // "none" right after completion means the tracker has not registered the downloads yet.
  const finishedAt = Date.parse(task.studio?.finishedAt ?? "");
  return Number.isFinite(finishedAt) && now - finishedAt > MEDIA_GRACE_MS;
}

/** One task, polled until it is settled (terminal status and downloads finished). */
export function useTaskQuery(id: string | null) {
  return useQuery({
    queryKey: taskQueryKey(id ?? ""),
    queryFn: () => fetchTask(id!),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const task = query.state.data;
      if (query.state.status === "error" && query.state.fetchFailureCount >= 5) return false;
      return task && isTaskSettled(task) ? false : TASK_POLL_MS;
    },
    refetchIntervalInBackground: true,
  });
}
