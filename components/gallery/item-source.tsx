"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { GalleryItem, GalleryItemDetail } from "@/lib/gallery/types";

/**
 * Where the gallery's grid, detail view and compare read their items: the whole gallery (the
 * default), or one collection (issue 21), whose items API takes the same filters plus `approval`
 * and keeps its own order. The same components run in both; a collection adds its badges and the
 * moves of its order.
 */
export type ItemSource = {
  /** Set inside a collection: the lists and items come from /api/collections/<id>/items. */
  collectionId?: string;
  /** The collection's approval filter (pending | approved | changes_requested | rejected). */
  approval?: string;
  /** Extra marks on a tile (a collection shows each item's approval). */
  decorate?: (item: GalleryItem) => ReactNode;
  /** More of the detail view for the open item (a collection: its approval control). */
  extra?: (item: GalleryItemDetail) => ReactNode;
  /**
   * The items are another user's (a collection shared with the viewer): the owner's review tools
   * (rating, tags, notes, reuse, delete) are left out of the detail view.
   */
  foreign?: boolean;
  /** Set when the viewer may reorder: a drop before another item (null: the end) or a key step. */
  reorder?: (taskId: string, target: { before: string | null } | { step: -1 | 1 }) => void;
};

const GALLERY: ItemSource = {};
const ItemSourceContext = createContext<ItemSource>(GALLERY);

export function ItemSourceProvider({ value, children }: { value: ItemSource; children: ReactNode }) {
  return <ItemSourceContext.Provider value={value}>{children}</ItemSourceContext.Provider>;
}

export function useItemSource(): ItemSource {
  return useContext(ItemSourceContext);
}

/** The part of a source that changes what the API answers: part of every query key. */
export function sourceKey(source: ItemSource): string {
  return source.collectionId ? `collection:${source.collectionId}:${source.approval ?? ""}` : "";
}
