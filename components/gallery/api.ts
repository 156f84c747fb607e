import { apiSearchParams, type GalleryFilters } from "@/lib/gallery/filters";
import type { BulkAction, ReviewPatch, ReviewState } from "@/lib/gallery/review";
import type { MediaReference } from "@/lib/gallery/reference-url";
import type { GalleryFacets, GalleryItemDetail, GalleryPage, TagCount } from "@/lib/gallery/types";

/** An API failure carrying the studio's error message (and the field issues, when any). */
export class GalleryApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: init?.body ? { "Content-Type": "application/json", ...init.headers } : init?.headers,
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // reported below with the status
  }
  if (!response.ok) {
    const message = (body as { error?: { message?: string } } | null)?.error?.message;
    throw new GalleryApiError(message ?? `The studio answered HTTP ${response.status}.`, response.status);
  }
  return body as T;
}

export function fetchGalleryPage(filters: GalleryFilters, cursor?: string, limit = 60): Promise<GalleryPage> {
  const params = apiSearchParams(filters);
  params.set("limit", String(limit));
  if (cursor) params.set("cursor", cursor);
  return call(`/api/gallery?${params}`);
}

export function fetchGalleryItem(id: string, filters: GalleryFilters): Promise<GalleryItemDetail> {
  return call(`/api/gallery/items/${encodeURIComponent(id)}?${apiSearchParams(filters)}`);
}

/** Where each file of the item can be fetched by the upstream ("Use as reference"), best first. */
export async function fetchReferenceOptions(id: string): Promise<MediaReference[]> {
  const params = new URLSearchParams({ origin: window.location.origin });
  return (
    await call<{ media: MediaReference[] }>(
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
  return call(`/api/gallery/items/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: JSON.stringify(patch),
    keepalive: options.keepalive,
  });
}

export type BulkRequest = BulkAction;

export function postBulk(request: BulkRequest): Promise<{ changed?: number; deleted?: string[] }> {
  return call("/api/gallery/bulk", { method: "POST", body: JSON.stringify(request) });
}

export function deleteItem(id: string): Promise<{ deleted: string[] }> {
  return call(`/api/gallery/items/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export async function fetchTagSuggestions(q: string): Promise<TagCount[]> {
  return (await call<{ tags: TagCount[] }>(`/api/gallery/tags?${new URLSearchParams({ q, limit: "12" })}`))
    .tags;
}

export function fetchFacets(): Promise<GalleryFacets> {
  return call("/api/gallery/facets");
}
