"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useCallback, useLayoutEffect, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { filtersToSearchParams } from "@/lib/gallery/filters";
import { DeleteItemDialog } from "./delete-item-dialog";
import { FilterBar } from "./filter-bar";
import { GalleryGrid } from "./gallery-grid";
import { KeysHelpDialog } from "./keys-help-dialog";
import { useCulling } from "./use-culling";
import { useGalleryInfiniteQuery, useGalleryItemQuery } from "./use-gallery-queries";
import { useGalleryUrl } from "./use-gallery-url";
import { useSelection } from "./use-selection";

// Not in the page's first load (page weight, README): the dialogs load when one is first opened, the
// bulk bar (nothing until items are selected) just after the page.
const BulkBar = lazy(() => import("./bulk-bar").then((module) => ({ default: module.BulkBar })));
const CompareView = lazy(() => import("./compare-view").then((module) => ({ default: module.CompareView })));
const DetailDialog = lazy(() =>
  import("./detail-dialog").then((module) => ({ default: module.DetailDialog })),
);
const AddToCollectionDialog = lazy(() =>
  import("@/components/collections/add-to-collection-dialog").then((module) => ({
    default: module.AddToCollectionDialog,
  })),
);

type Props = {
  /** Replaces the gallery's title row (a collection's page puts its own header there). */
  header?: ReactNode;
  /** What an empty, unfiltered grid says instead of the gallery's "No results yet". */
  empty?: ReactNode;
  /** More actions on the selection in the bulk bar (a collection: remove from it). */
  bulkExtra?: (ids: string[], clear: () => void) => ReactNode;
  /** Other URL keys of the page that the gallery's URL changes keep (item-source.tsx: `approval`). */
  urlKeys?: readonly string[];
};

/**
 * The gallery page: filters, the virtualized grid, bulk actions, the detail/compare views, and the
 * culling keys over the grid and the item view.
 */
export function GalleryView({ header, empty, bulkExtra, urlKeys }: Props = {}) {
  const t = useTranslations("gallery");
  const errorMessage = useErrorMessage();
  const url = useGalleryUrl(urlKeys);
  const list = useGalleryInfiniteQuery(url.filters);
  // A selection made under other filters is dropped: bulk actions only reach items on screen.
  const selection = useSelection(list.items, filtersToSearchParams(url.filters).toString());
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const { remove: unselect, clear } = selection;
  const { closeItem } = url;
  const filtered = Object.keys(url.filters).length > 0;
  const comparing = url.compare.length >= 2;
  // While a dialog is open the page behind it is inert: no focus, no clicks, hidden from readers.
  const covered = Boolean(url.item) || comparing;
  // Compare opens from the bulk bar, which turns inert at once (and its view loads lazily): the
  // control that opened it is taken before the browser moves focus off it, and focused again on
  // closing. (The item view gives focus back to the grid's item instead: use-culling.ts.)
  useLayoutEffect(() => {
    if (!comparing) return;
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
    };
  }, [comparing]);

  // The open item (the detail view's own query, shared through the cache).
  const detail = useGalleryItemQuery(url.item, url.filters).data;
  const openItem = detail?.id === url.item ? detail : null;
  const [columns, setColumns] = useState(1);
  // The items "add to collection" was asked for (bulk bar, the A key, detail view, compare).
  const [collecting, setCollecting] = useState<string[] | null>(null);
  const culling = useCulling({
    items: list.items,
    columns,
    open: url.item
      ? { item: openItem, prevId: openItem?.prevId ?? null, nextId: openItem?.nextId ?? null }
      : null,
    enabled: !comparing,
    selected: selection.selected,
    onOpen: url.openItem,
    onShow: url.showItem,
    onClose: closeItem,
    onToggleSelect: (index) => selection.toggle(index, false),
    onCollect: setCollecting,
  });
  const { stopAsking } = culling;
  const onItemDeleted = useCallback(
    (id: string) => {
      stopAsking();
      unselect([id]);
      if (url.item === id) closeItem();
    },
    [stopAsking, unselect, closeItem, url.item],
  );

  return (
    <>
      <div className="mx-auto max-w-screen-2xl space-y-5 px-4 pb-28 pt-6" inert={covered}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          {header ?? <h1 className="text-xl font-semibold tracking-tight">{t("heading")}</h1>}
          <p className="min-w-0 text-sm text-zinc-400 lg:shrink-0">
            {header ? null : `${t("intro")} `}
            <button
              type="button"
              onClick={culling.openHelp}
              className="text-sky-300 hover:underline"
              data-testid="keys-help-open"
            >
              {t("keyboard")} <kbd>?</kbd>
            </button>
          </p>
        </div>
        <FilterBar
          filters={url.filters}
          onChange={url.setFilters}
          total={list.total}
          totalIsEstimate={list.totalIsEstimate}
        />

        {list.isError ? (
          <Alert tone="danger" title={t("loadFailed")} live>
            {errorMessage(list.error)}{" "}
            <Button size="sm" variant="ghost" onClick={() => void list.refetch()}>
              {t("retry")}
            </Button>
          </Alert>
        ) : list.isPending ? (
          <div className="flex h-64 items-center justify-center">
            <Spinner label={t("loading")} />
          </div>
        ) : list.items.length === 0 ? (
          <div
            className="flex h-64 flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-zinc-800 text-center"
            data-testid="gallery-empty"
          >
            {filtered ? (
              <>
                <p className="text-zinc-300">{t("noMatch")}</p>
                <Button size="sm" onClick={() => url.setFilters({})}>
                  {t("clearFilters")}
                </Button>
              </>
            ) : empty ? (
              empty
            ) : (
              <>
                <p className="text-zinc-300">{t("empty")}</p>
                <Link href="/" className="text-sm text-sky-300 hover:underline">
                  {t("emptyLink")}
                </Link>
              </>
            )}
          </div>
        ) : (
          <GalleryGrid
            items={list.items}
            selected={selection.selected}
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={loadMore}
            onOpen={url.openItem}
            onToggle={selection.toggle}
            focusedIndex={culling.focusedIndex}
            keysActive={!covered}
            onFocusIndex={culling.focusIndex}
            onColumns={setColumns}
          />
        )}

        <Suspense fallback={null}>
          <BulkBar
            selected={selection.selected}
            loadedCount={list.items.length}
            onSelectAll={selection.selectAll}
            onClear={clear}
            onDeleted={clear}
            onCompare={url.openCompare}
            onCollect={setCollecting}
            extra={bulkExtra?.([...selection.selected], clear)}
          />
        </Suspense>
        <p className="sr-only" aria-live="polite" data-testid="keys-status">
          {covered ? "" : culling.announcement}
        </p>
      </div>
      {url.item && (
        <Suspense fallback={null}>
          <DetailDialog
            id={url.item}
            commentId={url.comment}
            filters={url.filters}
            announcement={culling.announcement}
            onNavigate={url.showItem}
            onClose={url.closeItem}
            onDelete={culling.askDelete}
            onCollect={(id) => setCollecting([id])}
          />
        </Suspense>
      )}
      {comparing && (
        <Suspense fallback={null}>
          <CompareView ids={url.compare} onClose={url.closeCompare} onCollect={setCollecting} />
        </Suspense>
      )}
      <DeleteItemDialog item={culling.asking} onCancel={stopAsking} onDeleted={onItemDeleted} />
      <KeysHelpDialog open={culling.help} onClose={culling.closeHelp} />
      {collecting && (
        <Suspense fallback={null}>
          <AddToCollectionDialog ids={collecting} onClose={() => setCollecting(null)} />
        </Suspense>
      )}
    </>
  );
}
