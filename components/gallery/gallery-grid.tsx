"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useTranslations } from "next-intl";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { GalleryItem } from "@/lib/gallery/types";
import { GalleryCard } from "./gallery-card";
import { ownsKeys } from "./use-culling-keys";
import { GALLERY_PAGE_SIZE } from "./use-gallery-queries";

const MIN_TILE = 220;
/** Phones get two columns of smaller tiles rather than one huge one. */
const MIN_TILE_NARROW = 150;
const GAP = 12;
const CAPTION = 68;
/** Room kept for the sticky header and the bulk bar when a focused tile is scrolled into view. */
const SCROLL_PADDING_START = 72;
const SCROLL_PADDING_END = 96;

type Props = {
  items: GalleryItem[];
  selected: ReadonlySet<string>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  onOpen: (id: string) => void;
  onToggle: (index: number, shiftKey: boolean) => void;
  /** The keyboard's tile, scrolled to and focused while `keysActive` (no view covers the grid). */
  focusedIndex: number | null;
  keysActive: boolean;
  onFocusIndex: (index: number) => void;
  onColumns: (columns: number) => void;
};

/** Columns that fit the measured width; the tile keeps a 4:3 poster plus a caption. */
function useColumns(ref: React.RefObject<HTMLDivElement | null>) {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  const min = width < 640 ? MIN_TILE_NARROW : MIN_TILE;
  const columns = Math.max(1, Math.floor((width + GAP) / (min + GAP)));
  const tile = width ? (width - GAP * (columns - 1)) / columns : MIN_TILE;
  return { width, columns, rowHeight: Math.round((tile * 3) / 4 + CAPTION) };
}

/**
 * Row virtualization over the window's scroll: only the rows on screen (plus overscan) exist in the
 * DOM, so 20,000 items scroll like 20. The next page is requested when the last rows come near.
 */
export function GalleryGrid({
  items,
  selected,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  onOpen,
  onToggle,
  focusedIndex,
  keysActive,
  onFocusIndex,
  onColumns,
}: Props) {
  const t = useTranslations("gallery");
  const ref = useRef<HTMLDivElement>(null);
  const { width, columns, rowHeight } = useColumns(ref);
  const rowCount = Math.ceil(items.length / columns);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin(ref.current ? ref.current.getBoundingClientRect().top + window.scrollY : 0);
  }, [width]);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight + GAP,
    overscan: 3,
    scrollMargin,
    scrollPaddingStart: SCROLL_PADDING_START,
    scrollPaddingEnd: SCROLL_PADDING_END,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight, columns]);
  useEffect(() => onColumns(columns), [onColumns, columns]);

  // The focused tile's row may not exist yet (virtualized): scroll the virtualizer to it, then focus
  // the tile once rendered — never while the user is typing in a field (the search box).
  const focusedId = focusedIndex === null ? null : (items[focusedIndex]?.id ?? null);
  const wasActive = useRef(keysActive);
  useEffect(() => {
    const uncovered = keysActive && !wasActive.current;
    wasActive.current = keysActive;
    if (focusedIndex === null || !keysActive || width === 0 || ownsKeys(document.activeElement)) return;
    // A view that closed and gave focus back to the control that opened it (Compare in the bulk
    // bar) keeps it there; one that left focus nowhere (the item view) gets the tile.
    if (uncovered && document.activeElement && document.activeElement !== document.body) return;
    // Focus the user gave a tile (a click, Tab) is where it should be: scrolling now would move the
    // tile from under a pressed pointer and the click would never reach it.
    const given = document.activeElement;
    if (given?.closest(`[data-index="${focusedIndex}"]`) && ref.current?.contains(given)) return;
    virtualizer.scrollToIndex(Math.floor(focusedIndex / columns), { align: "auto" });
    let frame = 0;
    let tries = 0;
    const focusTile = () => {
      if (ownsKeys(document.activeElement)) return;
      const tile = ref.current?.querySelector<HTMLElement>(`[data-index="${focusedIndex}"] [data-tile]`);
      if (tile) tile.focus({ preventScroll: true });
      else if (++tries < 30) frame = requestAnimationFrame(focusTile);
    };
    frame = requestAnimationFrame(focusTile);
    return () => cancelAnimationFrame(frame);
    // focusedId: a deleted tile's successor takes the focus at the same index.
  }, [focusedIndex, focusedId, keysActive, columns, width, virtualizer]);

  const virtualRows = virtualizer.getVirtualItems();
  const lastRow = virtualRows.at(-1)?.index ?? -1;
  // Ask for the next page while two pages of rows are still ahead: a fast scroll (a flick on a
  // phone, Page Down held) then reaches rows that are already loaded instead of a spinner. Four rows
  // ahead made one scroll step in four wait for the network in the gallery-ui benchmark.
  const rowsAhead = Math.max(4, Math.ceil((2 * GALLERY_PAGE_SIZE) / columns));
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastRow >= rowCount - rowsAhead) fetchNextPage();
  }, [lastRow, rowCount, rowsAhead, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div ref={ref} data-testid="gallery-grid" data-columns={columns}>
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {width > 0 &&
          virtualRows.map((row) => (
            <div
              key={row.key}
              className="absolute left-0 top-0 grid w-full"
              style={{
                transform: `translateY(${row.start - scrollMargin}px)`,
                height: rowHeight,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                gap: GAP,
              }}
            >
              {items.slice(row.index * columns, row.index * columns + columns).map((item, i) => (
                <GalleryCard
                  key={item.id}
                  item={item}
                  index={row.index * columns + i}
                  selected={selected.has(item.id)}
                  selecting={selected.size > 0}
                  focused={focusedIndex === row.index * columns + i}
                  onOpen={onOpen}
                  onToggle={onToggle}
                  onFocusIndex={onFocusIndex}
                />
              ))}
            </div>
          ))}
      </div>
      <div className="flex h-16 items-center justify-center text-sm text-zinc-400">
        {isFetchingNextPage ? (
          <span className="flex items-center gap-2">
            <Spinner label={t("loadingMore")} /> {t("loadingMore")}
          </span>
        ) : !hasNextPage && items.length > 0 ? (
          <span>{t("end")}</span>
        ) : null}
      </div>
    </div>
  );
}
