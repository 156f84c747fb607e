"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { GalleryItem } from "@/lib/gallery/types";

const NONE: ReadonlySet<string> = new Set();

type State = {
  scope: string;
  ids: ReadonlySet<string>;
  /** The last clicked tile, by id: new items arriving at the top shift every index. */
  anchor: string | null;
};

/**
 * Bulk selection: click toggles, shift-click selects the range from the last clicked tile.
 * A selection belongs to one `scope` (the filters): when the filters change it is dropped, anchor
 * included, so bulk delete/zip/tag never act on items the grid no longer shows.
 */
export function useSelection(items: GalleryItem[], scope: string) {
  const [state, setState] = useState<State>({ scope, ids: NONE, anchor: null });
  // Reset while rendering (React's pattern for state derived from a prop): no frame ever shows
  // the old selection under the new filters, and going back to them does not bring it back.
  if (state.scope !== scope) setState({ scope, ids: NONE, anchor: null });
  const selected = state.scope === scope ? state.ids : NONE;

  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  const toggle = useCallback((index: number, shiftKey: boolean) => {
    const list = itemsRef.current;
    const id = list[index]?.id;
    if (!id) return;
    setState((current) => {
      const next = new Set(current.ids);
      const from = shiftKey && current.anchor ? list.findIndex((item) => item.id === current.anchor) : -1;
      if (from >= 0) {
        for (const item of list.slice(Math.min(from, index), Math.max(from, index) + 1)) next.add(item.id);
      } else if (next.has(id)) next.delete(id);
      else next.add(id);
      return { ...current, ids: next, anchor: id };
    });
  }, []);

  const selectAll = useCallback(
    () => setState((current) => ({ ...current, ids: new Set(itemsRef.current.map((i) => i.id)) })),
    [],
  );
  const clear = useCallback(() => setState((current) => ({ ...current, ids: NONE, anchor: null })), []);
  const remove = useCallback(
    (ids: Iterable<string>) =>
      setState((current) => {
        const next = new Set(current.ids);
        for (const id of ids) next.delete(id);
        return { ...current, ids: next };
      }),
    [],
  );

  return { selected, toggle, selectAll, clear, remove };
}
