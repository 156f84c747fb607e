"use client";

import { useQuery } from "@tanstack/react-query";
import { ApiError, fetchJson } from "@/components/api-client";
import { isTerminal } from "@/lib/tasks/status";
import type { AnyTask, PresentedTask } from "./task-types";

/** The proxy refreshes from upstream at most every 5 s per task; polling it faster only shortens the lag. */
const TASK_POLL_MS = 2_500;
export const taskQueryKey = (id: string) => ["task", id] as const;

export function fetchTask(id: string): Promise<PresentedTask> {
  return fetchJson<PresentedTask>(`/api/v2/model-center/tasks/${encodeURIComponent(id)}`);
}

/**
 * True once neither the status nor the stored files will change: failed, or completed with every
 * download finished ("pending" is the state still moving) — unless the task completed without any
 * result URL and the studio is still asking the upstream for one.
 */
export function isTaskSettled(task: AnyTask): boolean {
  if (task.status === "failed") return true;
  if (task.studio.awaitingResultUrls) return false;
  return isTerminal(task.status) && task.studio.mediaState !== "pending";
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
      // An unknown id will not appear later; other errors (server restarting) are retried.
      if (query.state.error instanceof ApiError && query.state.error.status === 404) return false;
      return task && isTaskSettled(task) ? false : TASK_POLL_MS;
    },
    refetchIntervalInBackground: true,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 3,
  });
}
