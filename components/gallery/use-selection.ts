"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { GalleryItem } from "@/lib/gallery/types";

const NONE: ReadonlySet<string> = new Set();

/**
 * Bulk selection: click toggles, shift-click selects the range from the last clicked tile.
 * A selection belongs to one `scope` (the filters): when the filters change it is dropped, anchor
 * included, so bulk delete/zip/tag never act on items the grid no longer shows.
 */
export function useSelection(items: GalleryItem[], scope: string) {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<string> }>({ scope, ids: NONE });
  // The anchor is an item id, not an index: new items arriving at the top shift every index.
  const anchor = useRef<{ scope: string; id: string } | null>(null);
  const itemsRef = useRef(items);
  const scopeRef = useRef(scope);
  useEffect(() => {
    itemsRef.current = items;
    scopeRef.current = scope;
  }, [items, scope]);

  const selected = state.scope === scope ? state.ids : NONE;

  const update = useCallback((change: (current: Set<string>) => void) => {
    setState((current) => {
      const next = new Set(current.scope === scopeRef.current ? current.ids : NONE);
      change(next);
      return { scope: scopeRef.current, ids: next };
    });
  }, []);

  const toggle = useCallback(
    (index: number, shiftKey: boolean) => {
      const list = itemsRef.current;
      const id = list[index]?.id;
      if (!id) return;
      const from =
        shiftKey && anchor.current?.scope === scopeRef.current
          ? list.findIndex((item) => item.id === anchor.current?.id)
          : -1;
      update((next) => {
        if (from >= 0) {
          for (const item of list.slice(Math.min(from, index), Math.max(from, index) + 1)) next.add(item.id);
        } else if (next.has(id)) next.delete(id);
        else next.add(id);
      });
      anchor.current = { scope: scopeRef.current, id };
    },
    [update],
  );

  const selectAll = useCallback(
    () =>
      update((next) => {
        for (const item of itemsRef.current) next.add(item.id);
      }),
    [update],
  );
  const clear = useCallback(() => {
    anchor.current = null;
    setState({ scope: scopeRef.current, ids: NONE });
  }, []);
  const remove = useCallback(
    (ids: Iterable<string>) =>
      update((next) => {
        for (const id of ids) next.delete(id);
      }),
    [update],
  );

  return { selected, toggle, selectAll, clear, remove };
}
