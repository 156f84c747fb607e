import type { Prisma } from "../generated/prisma/client";
import { thumbnailFileExists } from "../storage/thumbnails";
import type { GalleryItem, GalleryMedia } from "./types";

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
  kind: true,
  status: true,
  mediaState: true,
  prompt: true,
  favorite: true,
  rating: true,
  submittedAt: true,
  error: true,
  media: { select: mediaListSelect },
  tags: { select: { tag: { select: { name: true } } } },
} satisfies Prisma.TaskSelect;

type ListRow = Prisma.TaskGetPayload<{ select: typeof itemListSelect }>;
type MediaRow = Prisma.MediaGetPayload<{ select: typeof mediaListSelect }>;

const roleOrder: Record<string, number> = { result: 0, last_frame: 1 };

/** Results first, then the last frame, then extras; stable by id within a role. */
export function sortMedia<T extends { role: string; id: string }>(media: T[]): T[] {
  return [...media].sort(
    (a, b) => (roleOrder[a.role] ?? 2) - (roleOrder[b.role] ?? 2) || a.id.localeCompare(b.id),
  );
}

/** `hasThumbnail`: false while the recorded thumbnail file is missing (it is being made again). */
export function toGalleryMedia(m: MediaRow, hasThumbnail = Boolean(m.thumbPath)): GalleryMedia {
  return {
    id: m.id,
    role: m.role,
    contentType: m.contentType,
    size: m.size,
    status: m.status,
    url: `/api/media/${m.id}`,
    thumbnailUrl: hasThumbnail ? `/api/media/${m.id}/thumbnail` : null,
    width: m.width,
    height: m.height,
    durationSec: m.durationSec,
  };
}

/** `noThumbnail`: media ids whose thumbnail is missing (see `missingThumbnails`). */
export function toGalleryItem(row: ListRow, noThumbnail: ReadonlySet<string> = new Set()): GalleryItem {
  return {
    id: row.id,
    model: row.model,
    kind: row.kind,
    status: row.status,
    mediaState: row.mediaState,
    expired: row.mediaState === "expired" || row.media.some((m) => m.status === "expired"),
    prompt: row.prompt,
    favorite: row.favorite,
    rating: row.rating,
    tags: row.tags.map((t) => t.tag.name).sort(),
    submittedAt: row.submittedAt.toISOString(),
    error: row.error,
    media: sortMedia(row.media).map((m) => toGalleryMedia(m, Boolean(m.thumbPath) && !noThumbnail.has(m.id))),
  };
}

/**
 * Stored media whose thumbnail has not been made yet, or whose recorded file is gone (the gallery
 * backfills both; `createThumbnail` makes a missing file again). One stat per media: a page is ≤ 200.
 */
export function missingThumbnails(rows: ListRow[]): string[] {
  return rows.flatMap((r) =>
    r.media.filter((m) => m.status === "stored" && !thumbnailFileExists(m.thumbPath)).map((m) => m.id),
  );
}
