"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import {
  FILTER_KEYS,
  filtersToSearchParams,
  galleryFiltersSchema,
  searchParamsObject,
  type GalleryFilters,
} from "@/lib/gallery/filters";

/**
 * Reads filters leniently from the page URL: a hand-edited bad value (rating=9) is ignored,
 * not allowed to break the page; the rest of the filters still apply.
 */
export function filtersFromUrl(params: URLSearchParams): GalleryFilters {
  const raw = searchParamsObject(params);
  const parsed = galleryFiltersSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key)));
  return galleryFiltersSchema.safeParse(kept).data ?? {};
}

// Native history calls keep Next's router in sync (useSearchParams updates) without a server
// round trip per keystroke or arrow press.
function write(params: URLSearchParams, mode: "push" | "replace") {
  const query = params.toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ""}`;
  if (mode === "push") window.history.pushState(null, "", url);
  else window.history.replaceState(null, "", url);
}

/** The gallery's URL state: filters (bookmarkable), the open item and the compared items. */
export function useGalleryUrl() {
  const searchParams = useSearchParams();
  const filters = useMemo(() => filtersFromUrl(new URLSearchParams(searchParams.toString())), [searchParams]);
  const item = searchParams.get("item");
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
      const itemValue = changes.item === undefined ? current.get("item") : changes.item;
      if (itemValue) next.set("item", itemValue);
      const compareValue =
        changes.compare === undefined ? current.get("compare") : changes.compare?.join(",");
      if (compareValue) next.set("compare", compareValue);
      return next;
    },
    [searchParams],
  );

  return {
    filters,
    item,
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
