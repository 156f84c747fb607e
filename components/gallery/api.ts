import { filtersToSearchParams, type GalleryFilters } from "@/lib/gallery/filters";
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

/**
 * The page keeps bare dates in its URL (readable, shareable); the API gets the user's local day
 * as an instant range with the offset, so "from 21 Nov" means midnight where the user is.
 */
export function apiSearchParams(filters: GalleryFilters): URLSearchParams {
  const params = filtersToSearchParams(filters);
  const localBound = (date: string, time: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
    const local = new Date(`${date}T${time}`);
    const offset = -local.getTimezoneOffset();
    const sign = offset >= 0 ? "+" : "-";
    const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
    const mm = String(Math.abs(offset) % 60).padStart(2, "0");
    return `${date}T${time}${sign}${hh}:${mm}`;
  };
  if (filters.from) params.set("from", localBound(filters.from, "00:00:00.000"));
  if (filters.to) params.set("to", localBound(filters.to, "23:59:59.999"));
  return params;
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
