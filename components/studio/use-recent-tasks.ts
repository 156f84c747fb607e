"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { fetchJson } from "@/components/api-client";
import { isTaskSettled } from "./use-task-query";
import type { PresentedTaskSummary } from "./task-types";

const PAGE_SIZE = 20;
/** Slower than the open task's panel: the list only needs to catch up on status badges. */
const LIST_POLL_MS = 5_000;

export const recentTasksKey = ["tasks", "recent"] as const;

type TaskPage = { items: PresentedTaskSummary[]; nextCursor: string | null };

/** Accepts `{ items, nextCursor }` and the snake_case / `data` spellings alike. */
function toPage(body: unknown): TaskPage {
  const record = (body ?? {}) as Record<string, unknown>;
  const items = (record.items ?? record.data ?? record.tasks ?? []) as PresentedTaskSummary[];
  const next = record.nextCursor ?? record.next_cursor ?? null;
  return { items: Array.isArray(items) ? items : [], nextCursor: typeof next === "string" ? next : null };
}

/** The studio's task list, newest first, one cursor page at a time. */
export function useRecentTasks() {
  return useInfiniteQuery({
    queryKey: recentTasksKey,
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set("cursor", pageParam);
      return toPage(await fetchJson<unknown>(`/api/tasks?${params}`));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: (query) => {
      const pages = query.state.data?.pages ?? [];
      const running = pages.some((page) => page.items.some((task) => !isTaskSettled(task)));
      return running ? LIST_POLL_MS : false;
    },
  });
}
