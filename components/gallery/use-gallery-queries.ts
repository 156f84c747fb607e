"use client";

import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import { useMemo } from "react";
import { apiSearchParams, type GalleryFilters } from "@/lib/gallery/filters";
import type { ReviewPatch } from "@/lib/gallery/review";
import { normalizeTagName } from "@/lib/gallery/tag-names";
import type { GalleryItem, GalleryItemDetail, GalleryPage } from "@/lib/gallery/types";
import {
  fetchFacets,
  fetchGalleryItem,
  fetchGalleryPage,
  fetchReferenceOptions,
  patchReview,
  postBulk,
  type BulkRequest,
} from "./api";
import { sourceKey, useItemSource, type ItemSource } from "./item-source";

/** Items per gallery page; the grid asks for the next page a page's height before the end. */
export const GALLERY_PAGE_SIZE = 60;
const keys = {
  lists: ["gallery", "list"] as const,
  // The source (item-source.tsx) last: a collection's lists and items are patched with the gallery's.
  list: (filters: GalleryFilters, source: ItemSource) =>
    ["gallery", "list", apiSearchParams(filters).toString(), sourceKey(source)] as const,
  items: ["gallery", "item"] as const,
  item: (id: string, filters: GalleryFilters, source: ItemSource) =>
    ["gallery", "item", id, apiSearchParams(filters).toString(), sourceKey(source)] as const,
  facets: ["gallery", "facets"] as const,
};

const running = (item: { status: string; mediaState: string }) =>
  item.status === "queued" || item.status === "processing" || item.mediaState === "pending";
const posterPending = (item: GalleryItem) => item.media.some((m) => m.status === "stored" && !m.thumbnailUrl);

/**
 * How often the grid refreshes itself: while tasks near the top are still running (newest first, so
 * new work is there), and a few times while posters are being made. Refetching an infinite query
 * reloads every loaded page, so only while few pages are loaded.
 */
function listRefetchInterval(data: InfiniteData<GalleryPage> | undefined, updates: number): number | false {
  if (!data || data.pages.length > 2) return false;
  const items = data.pages.flatMap((p) => p.items);
  if (items.some(running)) return 10_000;
  if (items.some(posterPending) && updates < 6) return 4_000;
  return false;
}

/** The grid's pages, loaded by cursor as the user scrolls. */
export function useGalleryInfiniteQuery(filters: GalleryFilters) {
  const source = useItemSource();
  const query = useInfiniteQuery({
    queryKey: keys.list(filters, source),
    queryFn: ({ pageParam }) => fetchGalleryPage(filters, pageParam, GALLERY_PAGE_SIZE, source),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: GalleryPage) => last.nextCursor ?? undefined,
    refetchInterval: (q) => listRefetchInterval(q.state.data, q.state.dataUpdateCount),
  });
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? null;
  const totalIsEstimate = query.data?.pages[0]?.totalIsEstimate ?? false;
  return { ...query, items, total, totalIsEstimate };
}

/** One item for the detail view; keeps polling while the task or its downloads are still running. */
export function useGalleryItemQuery(id: string | null, filters: GalleryFilters) {
  const source = useItemSource();
  return useQuery({
    queryKey: keys.item(id ?? "", filters, source),
    queryFn: () => fetchGalleryItem(id!, filters, source),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data && running(q.state.data) ? 5_000 : false),
  });
}

/**
 * Reference candidates of one item. Never cached for long: whether an original URL still answers
 * is checked by the server on every ask.
 */
export function useReferenceOptionsQuery(id: string) {
  return useQuery({
    queryKey: ["gallery", "reference", id],
    queryFn: () => fetchReferenceOptions(id),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useFacetsQuery() {
  return useQuery({ queryKey: keys.facets, queryFn: fetchFacets, staleTime: 30_000 });
}

/** Applies a change to every cached copy of the given items (grid pages and detail views). */
function patchCachedItems(
  client: QueryClient,
  ids: Set<string>,
  change: (item: GalleryItem) => Partial<GalleryItem>,
) {
  client.setQueriesData<InfiniteData<GalleryPage>>({ queryKey: keys.lists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (ids.has(item.id) ? { ...item, ...change(item) } : item)),
          })),
        }
      : data,
  );
  client.setQueriesData<GalleryItemDetail>({ queryKey: keys.items }, (item) =>
    item && ids.has(item.id) ? ({ ...item, ...change(item) } as GalleryItemDetail) : item,
  );
}

/**
 * Removes items that no longer exist from the grid's pages in place, no refetch of every loaded
 * page. Each list's total drops by the items the server says it actually `deleted` (ids it did not
 * find were gone already) that the list had loaded, on any page. A list that had not loaded all of
 * them may count some it never showed, so it is also marked stale and recounts when next used.
 */
export function dropCachedItems(
  client: QueryClient,
  ids: ReadonlySet<string>,
  deleted: ReadonlySet<string> = ids,
) {
  if (ids.size === 0) return;
  const incomplete: QueryKey[] = [];
  for (const [key, data] of client.getQueriesData<InfiniteData<GalleryPage>>({ queryKey: keys.lists })) {
    if (!data) continue;
    const found = data.pages.reduce(
      (n, page) => n + page.items.filter((item) => deleted.has(item.id)).length,
      0,
    );
    if (found < deleted.size) incomplete.push(key);
    client.setQueryData<InfiniteData<GalleryPage>>(key, {
      ...data,
      pages: data.pages.map((page, i) => ({
        ...page,
        items: page.items.filter((item) => !ids.has(item.id)),
        // An estimate stays one: about 120,000 less a few deleted is still about 120,000.
        total:
          i === 0 && page.total !== null && !page.totalIsEstimate
            ? Math.max(0, page.total - found)
            : page.total,
      })),
    });
  }
  for (const queryKey of incomplete)
    void client.invalidateQueries({ queryKey, exact: true, refetchType: "none" });
  client.removeQueries({ queryKey: keys.items, predicate: (q) => ids.has(String(q.queryKey[2])) });
}

/**
 * Saves review fields of one item (`{ id, patch }`: the grid's keys review whichever tile has
 * focus). The caches are updated in place: a reviewed item stays where it is in the grid (no jump)
 * even if it no longer matches the filter, until the filters change.
 */
export function useReviewMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ReviewPatch }) => patchReview(id, patch),
    onMutate: ({ id, patch }) => {
      const { tags, rating, favorite } = patch;
      patchCachedItems(client, new Set([id]), () => ({
        ...(favorite !== undefined ? { favorite } : {}),
        ...(rating !== undefined ? { rating } : {}),
        ...(tags ? { tags: [...tags].sort() } : {}),
      }));
    },
    onSuccess: (state, { id, patch }) => {
      // Only the fields this patch sent: answers to quick successive patches (a rating, then F)
      // may arrive out of order, and an older answer must not undo a newer change.
      patchCachedItems(client, new Set([id]), () => ({
        ...(patch.favorite !== undefined ? { favorite: state.favorite } : {}),
        ...(patch.rating !== undefined ? { rating: state.rating } : {}),
        ...(patch.tags ? { tags: state.tags } : {}),
      }));
      if (patch.notes !== undefined)
        client.setQueriesData<GalleryItemDetail>({ queryKey: keys.items }, (item) =>
          item?.id === id ? { ...item, notes: state.notes } : item,
        );
      void client.invalidateQueries({ queryKey: keys.facets });
    },
    onError: () => void client.invalidateQueries({ queryKey: ["gallery"] }),
  });
}

export function useBulkMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postBulk,
    onSuccess: (result, request: BulkRequest) => {
      const ids = new Set(request.ids);
      // Only what the server actually deleted leaves the grid and the totals.
      if (request.action === "delete") dropCachedItems(client, ids, new Set(result.deleted ?? []));
      else if (request.action === "favorite" || request.action === "unfavorite") {
        patchCachedItems(client, ids, () => ({ favorite: request.action === "favorite" }));
      } else {
        const tag = normalizeTagName(request.tag);
        patchCachedItems(client, ids, (item) => ({
          tags:
            request.action === "addTag"
              ? [...new Set([...item.tags, tag])].sort()
              : item.tags.filter((t) => t !== tag),
        }));
      }
      void client.invalidateQueries({ queryKey: keys.facets });
    },
  });
}
