import { fetchJson } from "@/components/api-client";
import { apiSearchParams, type GalleryFilters } from "@/lib/gallery/filters";
import type { BulkAction, ReviewPatch, ReviewState } from "@/lib/gallery/review";
import type { MediaReference } from "@/lib/gallery/reference-url";
import type { GalleryFacets, GalleryItemDetail, GalleryPage, TagCount } from "@/lib/gallery/types";
import type { ItemSource } from "./item-source";

/** The gallery's, or a collection's items (item-source.tsx): same filters, same answer shape. */
function listBase(source: ItemSource): string {
  return source.collectionId
    ? `/api/collections/${encodeURIComponent(source.collectionId)}/items`
    : "/api/gallery";
}

function sourceParams(filters: GalleryFilters, source: ItemSource): URLSearchParams {
  const params = apiSearchParams(filters);
  if (source.collectionId && source.approval) params.set("approval", source.approval);
  return params;
}

export function fetchGalleryPage(
  filters: GalleryFilters,
  cursor?: string,
  limit = 60,
  source: ItemSource = {},
): Promise<GalleryPage> {
  const params = sourceParams(filters, source);
  params.set("limit", String(limit));
  if (cursor) params.set("cursor", cursor);
  return fetchJson(`${listBase(source)}?${params}`);
}

export function fetchGalleryItem(
  id: string,
  filters: GalleryFilters,
  source: ItemSource = {},
): Promise<GalleryItemDetail> {
  const base = source.collectionId ? listBase(source) : "/api/gallery/items";
  return fetchJson(`${base}/${encodeURIComponent(id)}?${sourceParams(filters, source)}`);
}

/** Where each file of the item can be fetched by the upstream ("Use as reference"), best first. */
export async function fetchReferenceOptions(id: string): Promise<MediaReference[]> {
  const params = new URLSearchParams({ origin: window.location.origin });
  return (
    await fetchJson<{ media: MediaReference[] }>(
      `/api/gallery/items/${encodeURIComponent(id)}/reference?${params}`,
    )
  ).media;
}

/** `keepalive`: the request outlives the page (notes saved while it unloads). */
export function patchReview(
  id: string,
  patch: ReviewPatch,
  options: { keepalive?: boolean } = {},
): Promise<ReviewState> {
  return fetchJson(`/api/gallery/items/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: JSON.stringify(patch),
    keepalive: options.keepalive,
  });
}

export type BulkRequest = BulkAction;

export function postBulk(request: BulkRequest): Promise<{ changed?: number; deleted?: string[] }> {
  return fetchJson("/api/gallery/bulk", { method: "POST", body: JSON.stringify(request) });
}

export function deleteItem(id: string): Promise<{ deleted: string[] }> {
  return fetchJson(`/api/gallery/items/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export async function fetchTagSuggestions(q: string): Promise<TagCount[]> {
  return (
    await fetchJson<{ tags: TagCount[] }>(`/api/gallery/tags?${new URLSearchParams({ q, limit: "12" })}`)
  ).tags;
}

export function fetchFacets(): Promise<GalleryFacets> {
  return fetchJson("/api/gallery/facets");
}
