"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson, jsonInit } from "@/components/api-client";
import type { SequenceDetail } from "@/lib/sequences/read-sequence";

/** The server reads takes from its own database (the tracker polls upstream). */
const POLL_MS = 1_500;

export type Sequence = SequenceDetail;
export type Shot = SequenceDetail["shots"][number];
export type SequenceSummary = { id: string; name: string; state: string; shots: number; updatedAt: string };

export const sequenceKey = (id: string) => ["sequence", id] as const;
const base = (id: string) => `/api/sequences/${encodeURIComponent(id)}`;

const busy = (s: Sequence | undefined) =>
  !s ||
  s.state === "running" ||
  s.assemblies.some((a) => a.state === "queued" || a.state === "running") ||
  s.shots.some((shot) =>
    shot.takeList.some(
      (t) =>
        t.status === "queued" ||
        t.status === "processing" ||
        // Done upstream but its file not yet stored: Pick waits for the stored file.
        (t.status === "completed" &&
          (!t.url || t.mediaState === "pending" || t.mediaState === "downloading")) ||
        // Being scored against the prompt (issue 25): its score is on the way.
        (shot.scoring && t.describe?.status === "pending"),
    ),
  );

/** One sequence, polled while it runs, takes are in flight or a film is being assembled. */
export function useSequence(id: string) {
  return useQuery({
    queryKey: sequenceKey(id),
    queryFn: () => fetchJson<Sequence>(base(id)),
    staleTime: 0,
    refetchInterval: (query) => (busy(query.state.data) ? POLL_MS : false),
  });
}

export function useSequences() {
  return useQuery({
    queryKey: ["sequences"],
    queryFn: () => fetchJson<{ items: SequenceSummary[] }>("/api/sequences"),
    staleTime: 0,
  });
}

/** A call on the sequence (or one of its parts) whose answer is the sequence as it now is. */
export function useSequenceAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, method, body }: { path: string; method: string; body?: unknown }) =>
      fetchJson<Sequence>(`${base(id)}${path}`, jsonInit(method, body)),
    onSuccess: (sequence) => {
      if (sequence && "shots" in sequence) queryClient.setQueryData(sequenceKey(id), sequence);
      else void queryClient.invalidateQueries({ queryKey: sequenceKey(id) });
    },
  });
}
