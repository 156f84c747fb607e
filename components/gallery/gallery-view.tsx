"use client";

import Link from "next/link";
import { useCallback } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { filtersToSearchParams } from "@/lib/gallery/filters";
import { BulkBar } from "./bulk-bar";
import { CompareView } from "./compare-view";
import { DetailDialog } from "./detail-dialog";
import { FilterBar } from "./filter-bar";
import { GalleryGrid } from "./gallery-grid";
import { useGalleryInfiniteQuery } from "./use-gallery-queries";
import { useGalleryUrl } from "./use-gallery-url";
import { useSelection } from "./use-selection";

/** The gallery page: filters, the virtualized grid, bulk actions, and the detail/compare views. */
export function GalleryView() {
  const url = useGalleryUrl();
  const list = useGalleryInfiniteQuery(url.filters);
  // A selection made under other filters is dropped: bulk actions only reach items on screen.
  const selection = useSelection(list.items, filtersToSearchParams(url.filters).toString());
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const { remove: unselect, clear } = selection;
  const { closeItem } = url;
  const onItemDeleted = useCallback(
    (id: string) => {
      unselect([id]);
      closeItem();
    },
    [unselect, closeItem],
  );
  const filtered = Object.keys(url.filters).length > 0;
  // While a dialog is open the page behind it is inert: no focus, no clicks, hidden from readers.
  const covered = Boolean(url.item) || url.compare.length >= 2;

  return (
    <>
      <div className="mx-auto max-w-screen-2xl space-y-5 px-4 pb-28 pt-6" inert={covered}>
        <div className="flex items-baseline justify-between gap-4">
          <h1 className="text-xl font-semibold tracking-tight">Gallery</h1>
          <p className="text-sm text-zinc-500">
            Every task the studio has run, newest first — including failed and expired ones.
          </p>
        </div>
        <FilterBar filters={url.filters} onChange={url.setFilters} total={list.total} />

        {list.isError ? (
          <Alert tone="danger" title="The gallery could not be loaded" live>
            {list.error.message}{" "}
            <Button size="sm" variant="ghost" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : list.isPending ? (
          <div className="flex h-64 items-center justify-center">
            <Spinner label="Loading gallery" />
          </div>
        ) : list.items.length === 0 ? (
          <div
            className="flex h-64 flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-zinc-800 text-center"
            data-testid="gallery-empty"
          >
            {filtered ? (
              <>
                <p className="text-zinc-300">Nothing matches these filters.</p>
                <Button size="sm" onClick={() => url.setFilters({})}>
                  Clear filters
                </Button>
              </>
            ) : (
              <>
                <p className="text-zinc-300">No results yet.</p>
                <Link href="/" className="text-sm text-sky-300 hover:underline">
                  Generate something in the studio →
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
          />
        )}

        <BulkBar
          selected={selection.selected}
          loadedCount={list.items.length}
          onSelectAll={selection.selectAll}
          onClear={clear}
          onDeleted={clear}
          onCompare={url.openCompare}
        />
      </div>
      {url.item && (
        <DetailDialog
          id={url.item}
          filters={url.filters}
          onNavigate={url.showItem}
          onClose={url.closeItem}
          onDeleted={onItemDeleted}
        />
      )}
      {url.compare.length >= 2 && <CompareView ids={url.compare} onClose={url.closeCompare} />}
    </>
  );
}
