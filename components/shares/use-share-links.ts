"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson, jsonInit } from "@/components/api-client";
import type { CreateShareInput, ShareLinkSummary, UpdateShareInput } from "@/lib/shares/schema";

export type ShareTarget =
  { collectionId: string; taskId?: undefined } | { taskId: string; collectionId?: undefined };

const keyOf = (target: ShareTarget) =>
  ["shares", target.collectionId ?? null, target.taskId ?? null] as const;

function query(target: ShareTarget): string {
  return target.collectionId
    ? `collectionId=${encodeURIComponent(target.collectionId)}`
    : `taskId=${encodeURIComponent(target.taskId!)}`;
}

/** The links of one collection or item (owner side), and the mutations that change them. */
export function useShareLinks(target: ShareTarget, enabled: boolean) {
  const client = useQueryClient();
  const key = keyOf(target);
  const list = useQuery({
    queryKey: key,
    enabled,
    queryFn: () =>
      fetchJson<{ links: ShareLinkSummary[] }>(`/api/shares?${query(target)}`, { cache: "no-store" }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: (input: Omit<CreateShareInput, "collectionId" | "taskId">) =>
      fetchJson<ShareLinkSummary>("/api/shares", jsonInit("POST", { ...input, ...target })),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateShareInput }) =>
      fetchJson<ShareLinkSummary>(`/api/shares/${encodeURIComponent(id)}`, jsonInit("PATCH", patch)),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      fetchJson<ShareLinkSummary>(`/api/shares/${encodeURIComponent(id)}`, jsonInit("DELETE")),
    onSuccess: refresh,
  });
  return { list, create, update, revoke };
}
