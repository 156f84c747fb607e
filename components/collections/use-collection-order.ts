"use client";

import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useCallback } from "react";
import { applyMove, stepTarget } from "@/lib/collections/move-target";
import type { GalleryPage } from "@/lib/gallery/types";
import { useMoveItem } from "./use-collection-queries";

type Target = { before: string | null } | { step: -1 | 1 };

/**
 * The collection page's one move (a drop or a key): the loaded grid shows the new order at once,
 * the server gets the same move (it works out a step against the whole collection), and the pages
 * refetch afterwards.
 */
export function useCollectionOrder(collectionId: string) {
  const client = useQueryClient();
  // `mutate` is stable: the reorder function (and the page's item source) stays the same across renders.
  const { mutate, error } = useMoveItem(collectionId);
  const reorder = useCallback(
    (taskId: string, target: Target) => {
      const lists = client.getQueriesData<InfiniteData<GalleryPage>>({
        predicate: (q) =>
          q.queryKey[0] === "gallery" &&
          q.queryKey[1] === "list" &&
          String(q.queryKey.at(-1) ?? "").startsWith(`collection:${collectionId}:`),
      });
      for (const [key, data] of lists) {
        if (!data) continue;
        const items = data.pages.flatMap((p) => p.items);
        const order = items.map((i) => i.id);
        const before = "step" in target ? stepTarget(order, taskId, target.step) : target.before;
        if (before === undefined || !order.includes(taskId)) continue;
        const byId = new Map(items.map((i) => [i.id, i]));
        const moved = applyMove(order, taskId, before).map((id) => byId.get(id)!);
        let start = 0;
        client.setQueryData<InfiniteData<GalleryPage>>(key, {
          ...data,
          pages: data.pages.map((page) => {
            const items = moved.slice(start, start + page.items.length);
            start += page.items.length;
            return { ...page, items };
          }),
        });
      }
      mutate({ taskId, ...target });
    },
    [client, collectionId, mutate],
  );
  return { reorder, error };
}
