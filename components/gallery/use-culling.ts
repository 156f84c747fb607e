"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import type { GalleryItem } from "@/lib/gallery/types";
import { useItemSource } from "./item-source";
import { TAG_INPUT_ID } from "./tag-editor";
import { useCullingKeys, type CullingAction } from "./use-culling-keys";
import { useReviewMutation } from "./use-gallery-queries";

type Reviewed = Pick<GalleryItem, "id" | "prompt" | "rating" | "favorite" | "media">;

type Options = {
  /** The grid's loaded items, in order. */
  items: GalleryItem[];
  /** Tiles per grid row (↑ ↓ move by a row). */
  columns: number;
  /** The open item view's item (loaded), with its neighbours under the filters; null in the grid. */
  open: { item: Reviewed | null; prevId: string | null; nextId: string | null } | null;
  /** Keys are off while another view (compare) covers the page. */
  enabled: boolean;
  selected: ReadonlySet<string>;
  onOpen: (id: string) => void;
  onShow: (id: string) => void;
  onClose: () => void;
  onToggleSelect: (index: number) => void;
  /** A: add these items to a collection (the picker opens). */
  onCollect?: (ids: string[]) => void;
};

type Focus = { id: string; index: number };

function resolveFocus(focus: Focus | null, items: GalleryItem[]): number | null {
  if (!focus || items.length === 0) return null;
  if (items[focus.index]?.id === focus.id) return focus.index;
  const found = items.findIndex((i) => i.id === focus.id);
  return found >= 0 ? found : Math.min(focus.index, items.length - 1);
}

const name = (item: Reviewed) => (item.prompt ? `“${item.prompt.slice(0, 60)}”` : item.id);

/**
 * Culling from the keyboard (the keys are in `use-culling-keys.ts`), one set of keys for the grid
 * and the item view. In the grid the keys act on the focused tile; with an item open, on that item.
 * Returns the focused tile, what to announce to screen readers, and the dialogs keys open.
 */
export function useCulling({
  items,
  columns,
  open,
  enabled,
  selected,
  onOpen,
  onShow,
  onClose,
  onToggleSelect,
  onCollect,
}: Options) {
  const t = useTranslations("galleryKeys");
  const errorMessage = useErrorMessage();
  const review = useReviewMutation();
  const { reorder, foreign } = useItemSource();
  // By id, so new items arriving at the top never move the focus to another item; the index is the
  // fallback once the item is gone (deleted: the next one takes its place). Mirrored in a ref so
  // keys pressed faster than React renders (a held J) each move from the previous one.
  const [focus, setFocusState] = useState<Focus | null>(null);
  const focusRef = useRef<Focus | null>(null);
  const setFocus = useCallback((next: Focus) => {
    if (focusRef.current?.id === next.id && focusRef.current.index === next.index) return;
    focusRef.current = next;
    setFocusState(next);
  }, []);
  const [announcement, setAnnouncement] = useState("");
  const [asking, setAsking] = useState<Reviewed | null>(null);
  const [help, setHelp] = useState(false);
  const tagsPending = useRef(false);
  const focusedIndex = resolveFocus(focus, items);

  // Stable for the memoized tiles, which report focus gained by Tab or a click.
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  const focusIndex = useCallback(
    (index: number) => {
      const item = itemsRef.current[index];
      if (item) setFocus({ id: item.id, index });
    },
    [setFocus],
  );

  const focusTags = () => {
    const input = document.getElementById(TAG_INPUT_ID);
    tagsPending.current = !input;
    input?.focus();
  };
  const openItem = open?.item ?? null;
  useEffect(() => {
    if (openItem && tagsPending.current) {
      tagsPending.current = false;
      document.getElementById(TAG_INPUT_ID)?.focus();
    }
  }, [openItem]);

  const describe = (item: Reviewed) =>
    t("describe", { name: name(item), rating: item.rating ?? 0, favorite: item.favorite ? "yes" : "no" });

  /** The review actions, the same on a tile and on the open item. */
  const act = (item: Reviewed, action: CullingAction): boolean => {
    // Another user's items (a collection shared with the viewer): their owner rates and deletes.
    if (foreign && (action.type === "rate" || action.type === "favorite" || action.type === "delete"))
      return false;
    if (action.type === "rate") {
      review.mutate({ id: item.id, patch: { rating: action.rating } });
      setAnnouncement(
        action.rating
          ? t("rated", { name: name(item), rating: action.rating })
          : t("ratingCleared", { name: name(item) }),
      );
    } else if (action.type === "favorite") {
      review.mutate({ id: item.id, patch: { favorite: !item.favorite } });
      setAnnouncement(t(item.favorite ? "favoriteRemoved" : "favoriteAdded", { name: name(item) }));
    } else if (action.type === "compare") {
      const index = items.findIndex((i) => i.id === item.id);
      if (index < 0) return false;
      onToggleSelect(index);
      const count = selected.size + (selected.has(item.id) ? -1 : 1);
      setAnnouncement(
        t(selected.has(item.id) ? "unmarked" : "marked", {
          count,
          ready: count >= 2 && count <= 4 ? "yes" : "no",
        }),
      );
    } else if (action.type === "delete") setAsking(item);
    else if (action.type === "collect" && onCollect) {
      onCollect(!open && selected.size > 0 ? [...selected] : [item.id]);
    } else return false;
    return true;
  };

  const onAction = (action: CullingAction): boolean => {
    if (action.type === "help") {
      setHelp(true);
      return true;
    }
    if (open) {
      if (action.type === "close") onClose();
      else if (action.type === "move" && (action.by === "prev" || action.by === "next")) {
        const id = action.by === "prev" ? open.prevId : open.nextId;
        if (!id) return false;
        onShow(id);
        // Back in the grid, the focus is on the item last seen.
        const index = items.findIndex((i) => i.id === id);
        if (index >= 0) setFocus({ id, index });
      } else if (action.type === "tags") focusTags();
      else return open.item ? act(open.item, action) : false;
      return true;
    }
    if (items.length === 0) return false;
    const current = resolveFocus(focusRef.current, items);
    if (action.type === "move") {
      const step = { prev: -1, next: 1, up: -columns, down: columns }[action.by];
      const to = current === null ? 0 : Math.min(items.length - 1, Math.max(0, current + step));
      setFocus({ id: items[to].id, index: to });
      setAnnouncement(t("moved", { index: to + 1, count: items.length, description: describe(items[to]) }));
      return true;
    }
    const item = current === null ? null : items[current];
    if (!item) return false;
    if (action.type === "reorder") {
      if (!reorder) return false;
      const to = current! + action.step;
      if (to < 0 || to >= items.length) return false;
      // The focus follows the item to its new place (the grid reorders at once).
      reorder(item.id, { step: action.step });
      setFocus({ id: item.id, index: to });
      setAnnouncement(t("reordered", { name: name(item), place: to + 1 }));
      return true;
    }
    if (action.type === "open" || action.type === "tags") {
      tagsPending.current = action.type === "tags";
      onOpen(item.id);
      return true;
    }
    return act(item, action);
  };

  useCullingKeys(onAction, enabled);

  return {
    focusedIndex,
    focusIndex,
    announcement: review.error ? t("notSaved", { message: errorMessage(review.error) }) : announcement,
    asking,
    askDelete: setAsking,
    stopAsking: useCallback(() => setAsking(null), []),
    help,
    openHelp: useCallback(() => setHelp(true), []),
    closeHelp: useCallback(() => setHelp(false), []),
  };
}
