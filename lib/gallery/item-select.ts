import { readFailure } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { shownFailure } from "../failure-fields";
import { sortMedia } from "../tasks/media-order";
import { promptPreview } from "../tasks/prompt-preview";
import { publicText, upstreamSecrets, type UpstreamSecrets } from "../upstream/public-text";
import type { GalleryItem, GalleryMedia } from "./types";

/** The one answer for a missing item and for another user's item alike (never a 403). */
export function itemNotFound(id: string): string {
  return `Gallery item ${id} does not exist (it may have been deleted).`;
}

/** Just the columns a grid card needs (no request/upstream JSON, no notes). */
export const mediaListSelect = {
  id: true,
  role: true,
  contentType: true,
  size: true,
  status: true,
  thumbPath: true,
  width: true,
  height: true,
  durationSec: true,
} satisfies Prisma.MediaSelect;

export const itemListSelect = {
  id: true,
  model: true,
  v1Family: true,
  kind: true,
  status: true,
  mediaState: true,
  prompt: true,
  favorite: true,
  rating: true,
  submittedAt: true,
  error: true,
  errorCode: true,
  errorParams: true,
  media: { select: mediaListSelect },
  tags: { select: { tag: { select: { name: true } } } },
} satisfies Prisma.TaskSelect;

type ListRow = Prisma.TaskGetPayload<{ select: typeof itemListSelect }>;
type MediaRow = Prisma.MediaGetPayload<{ select: typeof mediaListSelect }>;

export function toGalleryMedia(m: MediaRow): GalleryMedia {
  return {
    id: m.id,
    role: m.role,
    contentType: m.contentType,
    size: m.size,
    status: m.status,
    url: `/api/media/${m.id}`,
    thumbnailUrl: m.thumbPath ? `/api/media/${m.id}/thumbnail` : null,
    width: m.width,
    height: m.height,
    durationSec: m.durationSec,
  };
}

/** A grid card; the task's error (its sentence and params) is upstream text (lib/upstream/public-text). */
export function toGalleryItem(row: ListRow, secrets: UpstreamSecrets = upstreamSecrets()): GalleryItem {
  return {
    id: row.id,
    model: row.model,
    v1Family: row.v1Family,
    kind: row.kind,
    status: row.status,
    mediaState: row.mediaState,
    expired: row.mediaState === "expired" || row.media.some((m) => m.status === "expired"),
    ...promptPreview(row.prompt),
    favorite: row.favorite,
    rating: row.rating,
    tags: row.tags.map((t) => t.tag.name).sort(),
    submittedAt: row.submittedAt.toISOString(),
    ...shownFailure(readFailure(row, "error"), (text) => publicText(text, secrets), "error"),
    media: sortMedia(row.media).map(toGalleryMedia),
  };
}

/**
 * Stored media whose thumbnail has not been made yet (the gallery backfills them). A recorded file
 * that has gone is made again by the serving route when a tile asks for it (`thumbnailFileFor`),
 * so the list never touches the disk.
 */
export function missingThumbnails(rows: ListRow[]): string[] {
  return rows.flatMap((r) => r.media.filter((m) => m.status === "stored" && !m.thumbPath).map((m) => m.id));
}
