"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson, jsonInit } from "@/components/api-client";
import type { AssetKind } from "@/lib/assets/kinds";
import type { CreateAssetInput, UpdateAsset } from "@/lib/assets/schema";
import type { AssetView } from "@/lib/assets/types";

const KEY = ["assets"] as const;

/** The user's assets, optionally of one kind (the picker asks for its field's kind). */
export function useAssetsQuery(kind?: AssetKind, enabled = true) {
  return useQuery({
    queryKey: [...KEY, kind ?? "all"],
    queryFn: () =>
      fetchJson<{ assets: AssetView[] }>(`/api/assets${kind ? `?kind=${kind}` : ""}`).then((r) => r.assets),
    enabled,
  });
}

export function useAssetMutations() {
  const client = useQueryClient();
  const invalidate = () => client.invalidateQueries({ queryKey: KEY });
  return {
    record: useMutation({
      mutationFn: ({ input, preview }: { input: CreateAssetInput; preview?: File }) => {
        if (!preview) return fetchJson<AssetView>("/api/assets", jsonInit("POST", input));
        const form = new FormData();
        for (const [key, value] of Object.entries(input))
          if (value !== undefined) form.set(key, String(value));
        form.set("preview", preview);
        return fetchJson<AssetView>("/api/assets", { method: "POST", body: form });
      },
      onSuccess: invalidate,
    }),
    upload: useMutation({
      mutationFn: ({
        label,
        kind,
        notes,
        file,
      }: {
        label: string;
        kind: AssetKind;
        notes: string;
        file: File;
      }) => {
        const form = new FormData();
        form.set("label", label);
        form.set("kind", kind);
        form.set("notes", notes);
        form.set("file", file);
        return fetchJson<AssetView>("/api/assets/upload", { method: "POST", body: form });
      },
      onSuccess: invalidate,
    }),
    update: useMutation({
      mutationFn: ({ id, patch }: { id: string; patch: UpdateAsset }) =>
        fetchJson<AssetView>(`/api/assets/${id}`, jsonInit("PATCH", patch)),
      onSuccess: invalidate,
    }),
    remove: useMutation({
      mutationFn: (id: string) => fetchJson<null>(`/api/assets/${id}`, { method: "DELETE" }),
      onSuccess: invalidate,
    }),
  };
}
