"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { GalleryItem } from "@/lib/gallery/types";

/** Bulk selection: click toggles, shift-click selects the range from the last clicked tile. */
export function useSelection(items: GalleryItem[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<number | null>(null);
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  const toggle = useCallback((index: number, shiftKey: boolean) => {
    const list = itemsRef.current;
    const id = list[index]?.id;
    if (!id) return;
    setSelected((current) => {
      const next = new Set(current);
      if (shiftKey && anchor.current !== null) {
        const [from, to] = [Math.min(anchor.current, index), Math.max(anchor.current, index)];
        for (const item of list.slice(from, to + 1)) next.add(item.id);
      } else if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    anchor.current = index;
  }, []);

  const selectAll = useCallback(() => setSelected(new Set(itemsRef.current.map((i) => i.id))), []);
  const clear = useCallback(() => {
    anchor.current = null;
    setSelected(new Set());
  }, []);
  const remove = useCallback((ids: Iterable<string>) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) next.delete(id);
      return next;
    });
  }, []);

  return { selected, toggle, selectAll, clear, remove };
}
