/** What the gallery API returns (JSON): shared by the routes, the page and other areas (chat picks items). */
import type { FailureParams } from "../failure-fields";
import type { UrlExpiry } from "../upstream/url-expiry";
import type { FieldFileLimits } from "./reference-limits";

export type { UrlExpiry };

export type GalleryMedia = {
  id: string;
  /** result | last_frame | extra */
  role: string;
  contentType: string | null;
  size: number | null;
  /** pending | downloading | stored | expired | failed */
  status: string;
  /** Studio URL of the stored file ("/api/media/<id>"). */
  url: string;
  /** Small webp poster/thumbnail, or null while it is being made. */
  thumbnailUrl: string | null;
  width: number | null;
  height: number | null;
  durationSec: number | null;
};

export type GalleryItem = {
  /** Task id. */
  id: string;
  model: string;
  /** The v1 family path of a task created through a video-family v1 endpoint; null for the task API. */
  v1Family: string | null;
  /** video | image */
  kind: string;
  /** queued | processing | completed | failed */
  status: string;
  /** none | pending | stored | partial | expired | failed */
  mediaState: string;
  /** A result URL expired before the studio could store it. */
  expired: boolean;
  /** In lists a preview of the first 300 characters (`promptTruncated`); whole in the item. */
  prompt: string;
  promptTruncated: boolean;
  favorite: boolean;
  rating: number | null;
  tags: string[];
  submittedAt: string;
  /** Why the task failed (the upstream's words, or the studio's sentence). */
  error: string | null;
  /** `error`'s code and params (lib/tasks/failure-fields.ts); null for none. */
  errorCode: string | null;
  errorParams: FailureParams | null;
  media: GalleryMedia[];
  /** With a search: the caption and tags when a searched word was found there (shown-match.ts). */
  shown?: { caption: string; tags: string[]; highlight: string[] };
  /** In the "best score first" order: the take's score against its prompt (score-order.ts). */
  takeScore?: { score: number; reason: string };
};

export type GalleryPage = {
  items: GalleryItem[];
  nextCursor: string | null;
  /** How many items match the filters; sent with the first page only (null on later pages). */
  total: number | null;
  /**
   * True when `total` is an estimate (two significant digits; the UI shows "about 120,000 items"):
   * more than TOTAL_BOUND matches, or more than their count's time budget allows (lib/gallery/total.ts).
   * Counting every match of a broad filter in a million-item library costs more than the page itself.
   */
  totalIsEstimate?: boolean;
};

export type GalleryMediaDetail = GalleryMedia & {
  fields: string[];
  sha256: string | null;
  /** The upstream's original URL; one under a configured base reads "{base_url}/…" (never the base). */
  sourceUrl: string;
  source: UrlExpiry;
  /** Why the file is not stored, with its code and params (messages `failures.download_*`). */
  error: string | null;
  errorCode: string | null;
  errorParams: FailureParams | null;
  storedAt: string | null;
  downloadUrl: string;
  /** Not stored and its URL may still live: `POST /api/tasks/{id}/media/retry` fetches it again. */
  retryable: boolean;
};

/** `url` is masked when it lies under a configured base (`masked`): shown, but not a usable link. */
export type UpstreamUrl = { field: string; url: string; masked: boolean; mediaId: string | null } & UrlExpiry;

export type ReferenceTarget = {
  modelId: string;
  modelName: string;
  group: string;
  field: string;
  fieldLabel: string;
  maxItems: number;
  /** What the field accepts of one file (format, size, dimensions, length). */
  limits: FieldFileLimits;
};

export type GalleryItemDetail = Omit<GalleryItem, "media"> & {
  media: GalleryMediaDetail[];
  /** The body as submitted upstream (model included), parsed; null if it was not JSON. */
  request: Record<string, unknown> | null;
  requestText: string;
  progress: number | null;
  amount: number | null;
  actualDuration: number | null;
  startedAt: string | null;
  finishedAt: string | null;
  notes: string;
  upstreamUrls: UpstreamUrl[];
  /** Neighbours in the gallery order under the filters the detail was opened with. */
  prevId: string | null;
  nextId: string | null;
  /** Media fields of available models that accept each kind of media this item has ("Use as reference"). */
  referenceTargets: { image: ReferenceTarget[]; video: ReferenceTarget[] };
};

export type TagCount = { name: string; count: number };
export type GalleryFacets = {
  models: { id: string; count: number }[];
  tags: TagCount[];
  /** Admins only (accounts on): whose items the gallery holds, for the user filter. */
  users?: { id: string; label: string; count: number }[];
};
