"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import {
  FILTER_KEYS,
  filtersFromUrl,
  filtersToSearchParams,
  type GalleryFilters,
} from "@/lib/gallery/filters";

const NO_KEYS: readonly string[] = [];

// Native history calls keep Next's router in sync (useSearchParams updates) without a server
// round trip per keystroke or arrow press.
function write(params: URLSearchParams, mode: "push" | "replace") {
  const query = params.toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ""}`;
  if (mode === "push") window.history.pushState(null, "", url);
  else window.history.replaceState(null, "", url);
}

/**
 * The gallery's URL state: filters (bookmarkable), the open item and the compared items. `keep`:
 * other keys of the page that every change leaves as they are (a collection's `approval`).
 */
export function useGalleryUrl(keep: readonly string[] = NO_KEYS) {
  const searchParams = useSearchParams();
  const filters = useMemo(() => filtersFromUrl(new URLSearchParams(searchParams.toString())), [searchParams]);
  const item = searchParams.get("item");
  // `?item=<id>&comment=<commentId>` (activity links): open the item on that comment. Any other
  // change of the URL state drops it.
  const comment = searchParams.get("comment");
  const compareParam = searchParams.get("compare");
  const compare = useMemo(
    () => (compareParam ? compareParam.split(",").filter(Boolean).slice(0, 4) : []),
    [compareParam],
  );

  const withState = useCallback(
    (changes: { filters?: GalleryFilters; item?: string | null; compare?: string[] | null }) => {
      const current = new URLSearchParams(searchParams.toString());
      const next = changes.filters ? filtersToSearchParams(changes.filters) : new URLSearchParams();
      if (!changes.filters) {
        for (const key of FILTER_KEYS) {
          const value = current.get(key);
          if (value) next.set(key, value);
        }
      }
      for (const key of keep) {
        const value = current.get(key);
        if (value) next.set(key, value);
      }
      const itemValue = changes.item === undefined ? current.get("item") : changes.item;
      if (itemValue) next.set("item", itemValue);
      const compareValue =
        changes.compare === undefined ? current.get("compare") : changes.compare?.join(",");
      if (compareValue) next.set("compare", compareValue);
      return next;
    },
    [searchParams, keep],
  );

  return {
    filters,
    item,
    comment,
    compare,
    setFilters: useCallback(
      (f: GalleryFilters) => write(withState({ filters: f, item: null }), "replace"),
      [withState],
    ),
    openItem: useCallback((id: string) => write(withState({ item: id }), "push"), [withState]),
    /** Moves within the detail view without stacking history entries. */
    showItem: useCallback((id: string) => write(withState({ item: id }), "replace"), [withState]),
    closeItem: useCallback(() => write(withState({ item: null }), "replace"), [withState]),
    openCompare: useCallback(
      (ids: string[]) => write(withState({ compare: ids, item: null }), "push"),
      [withState],
    ),
    closeCompare: useCallback(() => write(withState({ compare: null }), "replace"), [withState]),
  };
}
