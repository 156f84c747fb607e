"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/api-client";
import type { BatchRequestInput } from "@/lib/batches/request-schema";
import type { BatchDetail, BatchPage } from "@/lib/batches/types";
import { MEDIA_CHECK_HEADER, SKIP_UNREACHABLE } from "@/lib/media-inspection/override";

/** The server reads the batch's tasks from its own database (the tracker polls upstream). */
const POLL_MS = 2_000;

export const batchKey = (id: string) => ["batch", id] as const;
const batchesKey = ["batches"] as const;

/** A stored take still waiting for its score while the batch's takes are scored (issue 25). */
const awaitingScore = (batch: BatchDetail) =>
  batch.items.some(
    ({ task }) =>
      task?.mediaState === "stored" &&
      !task.take &&
      task.describeState !== "refused" &&
      task.describeState !== "failed",
  );

/** One batch, polled until every item is settled and, with `scoring` on, every stored take scored. */
export function useBatchQuery(id: string, scoring = false) {
  return useQuery({
    queryKey: batchKey(id),
    queryFn: () => fetchJson<BatchDetail>(`/api/batches/${encodeURIComponent(id)}`),
    staleTime: 0,
    refetchInterval: (query) => {
      const batch = query.state.data;
      return batch?.done && !(scoring && awaitingScore(batch)) ? false : POLL_MS;
    },
    refetchIntervalInBackground: true,
  });
}

export function useBatchesQuery() {
  return useQuery({
    queryKey: batchesKey,
    queryFn: () => fetchJson<BatchPage>("/api/batches?limit=100"),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.items.every((b) => b.done) ? false : POLL_MS * 2),
  });
}

export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    // sendAnyway: past the media check's warnings (files it could not fetch), as for one task.
    mutationFn: ({ request, sendAnyway }: { request: BatchRequestInput; sendAnyway?: boolean }) =>
      fetchJson<BatchDetail>("/api/batches", {
        method: "POST",
        headers: sendAnyway ? { [MEDIA_CHECK_HEADER]: SKIP_UNREACHABLE } : undefined,
        body: JSON.stringify(request),
      }),
    onSuccess: (batch) => {
      queryClient.setQueryData(batchKey(batch.id), batch);
      void queryClient.invalidateQueries({ queryKey: batchesKey });
    },
  });
}

/** Retry a rejected or failed item; `acknowledgeDuplicate` sends an item whose outcome is unknown. */
export function useRetryItem(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, acknowledgeDuplicate }: { itemId: string; acknowledgeDuplicate?: boolean }) =>
      fetchJson<BatchDetail>(
        `/api/batches/${encodeURIComponent(batchId)}/items/${encodeURIComponent(itemId)}/retry`,
        { method: "POST", body: JSON.stringify(acknowledgeDuplicate ? { acknowledgeDuplicate } : {}) },
      ),
    onSuccess: (batch) => queryClient.setQueryData(batchKey(batch.id), batch),
  });
}

/** Resume the items the budget held (POST /api/batches/{id}/resume): 402 while the next does not fit. */
export function useResumeBatch(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      fetchJson<BatchDetail>(`/api/batches/${encodeURIComponent(batchId)}/resume`, {
        method: "POST",
        body: "{}",
      }),
    onSuccess: (batch) => queryClient.setQueryData(batchKey(batch.id), batch),
  });
}
