import { ownedBy, type Viewer } from "../auth/scope";
import { sqlDialect, type Db } from "../db-client";
import { readFailure, StudioError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import type { GalleryFilters } from "./filters";
import { sortMedia } from "../tasks/media-order";
import { itemNotFound, mediaListSelect, toGalleryItem, toGalleryMedia } from "./item-select";
import { selectTaskKeys } from "./list";
import { scoreNeighbours } from "./score-order";
import { submittedAtText } from "./where";
import { mediaKindOf, referenceTargets } from "./reference-targets";
import type { GalleryItemDetail, GalleryMediaDetail, UpstreamUrl } from "./types";
import { urlExpiry } from "../upstream/url-expiry";
import { errorTextFor, mediaFailureFor } from "../tasks/media-error";
import { shownFailure } from "../failure-fields";
import { downloadRetry } from "../tasks/retry-download";
import {
  isUpstreamUrl,
  maskUpstream,
  publicText,
  upstreamSecrets,
  type UpstreamSecrets,
} from "../upstream/public-text";

const detailSelect = {
  id: true,
  model: true,
  v1Family: true,
  kind: true,
  status: true,
  progress: true,
  mediaState: true,
  prompt: true,
  request: true,
  upstreamUrls: true,
  amount: true,
  actualDuration: true,
  error: true,
  errorCode: true,
  errorParams: true,
  submittedAt: true,
  startedAt: true,
  finishedAt: true,
  favorite: true,
  rating: true,
  notes: true,
  media: {
    select: {
      ...mediaListSelect,
      fields: true,
      sha256: true,
      sourceUrl: true,
      error: true,
      errorCode: true,
      errorParams: true,
      storedAt: true,
    },
  },
  tags: { select: { tag: { select: { name: true } } } },
} satisfies Prisma.TaskSelect;

type DetailRow = Prisma.TaskGetPayload<{ select: typeof detailSelect }>;

/**
 * Everything the detail view shows, plus the neighbours under the filters it was opened with.
 * Upstream texts and URLs go through lib/upstream/public-text (`secrets`: the configured upstream).
 */
export async function getGalleryItem(
  db: Db,
  viewer: Viewer,
  id: string,
  filters: GalleryFilters = {},
  now = new Date(),
  secrets: UpstreamSecrets = upstreamSecrets(),
): Promise<GalleryItemDetail> {
  return galleryItemDetail(db, viewer, id, {
    scope: ownedBy(viewer),
    neighbours: () => neighbours(db, viewer, id, filters),
    now,
    secrets,
  });
}

/**
 * The detail of an item chosen by `scope` (a Task `where` the caller decided) with neighbours from
 * `neighbours`: the gallery's (its order, the viewer's items) or a collection's
 * (lib/collections/item-detail.ts: its order, its items).
 */
export async function galleryItemDetail(
  db: Db,
  viewer: Viewer,
  id: string,
  options: {
    scope: Prisma.TaskWhereInput;
    neighbours: () => Promise<{ prevId: string | null; nextId: string | null }>;
    now?: Date;
    secrets?: UpstreamSecrets;
  },
): Promise<GalleryItemDetail> {
  const { now = new Date(), secrets = upstreamSecrets() } = options;
  const row = await db.task.findFirst({ where: { AND: [{ id }, options.scope] }, select: detailSelect });
  if (!row) throw new StudioError("not_found", itemNotFound(id));
  const { prevId, nextId } = await options.neighbours();
  const audience = viewer.role === "admin" ? "admin" : "member";

  const media: GalleryMediaDetail[] = sortMedia(row.media).map((m) => ({
    ...toGalleryMedia(m),
    fields: m.fields.split(",").filter(Boolean),
    sha256: m.sha256,
    sourceUrl: maskUpstream(m.sourceUrl, secrets),
    source: urlExpiry(m.sourceUrl, m.status === "expired", now),
    ...shownFailure(
      mediaFailureFor(readFailure(m, "error"), audience),
      (text) => errorTextFor(publicText(text, secrets), audience),
      "error",
    ),
    storedAt: m.storedAt?.toISOString() ?? null,
    retryable: downloadRetry(m, now.getTime()).allowed,
    downloadUrl: `/api/gallery/items/${encodeURIComponent(row.id)}/download?media=${encodeURIComponent(m.id)}`,
  }));
  const kinds = new Set(media.map((m) => mediaKindOf(m.contentType, row.kind)));

  return {
    ...toGalleryItem(row, secrets),
    prompt: row.prompt,
    promptTruncated: false,
    media,
    ...parseRequest(maskUpstream(row.request, secrets)),
    progress: row.progress,
    amount: row.amount,
    actualDuration: row.actualDuration,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    notes: row.notes,
    upstreamUrls: upstreamUrlList(row, now, secrets),
    prevId,
    nextId,
    referenceTargets: {
      image: kinds.has("image") ? referenceTargets("image") : [],
      video: kinds.has("video") ? referenceTargets("video") : [],
    },
  };
}

async function neighbours(db: Db, viewer: Viewer, id: string, filters: GalleryFilters) {
  if (filters.sort === "score") return scoreNeighbours(db, viewer, id, filters);
  const [position] = await db.$queryRaw<{ submittedAt: string }[]>`
    SELECT ${submittedAtText(sqlDialect(db))} AS "submittedAt" FROM "Task" t WHERE t."id" = ${id}`;
  if (!position) return { prevId: null, nextId: null };
  const cursor = { submittedAt: position.submittedAt, id };
  const [[prev], [next]] = await Promise.all([
    selectTaskKeys(db, viewer, filters, { cursor, limit: 1, direction: "newer" }),
    selectTaskKeys(db, viewer, filters, { cursor, limit: 1, direction: "older" }),
  ]);
  return { prevId: prev?.id ?? null, nextId: next?.id ?? null };
}

function parseRequest(text: string): { request: Record<string, unknown> | null; requestText: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return { request: value as Record<string, unknown>, requestText: text };
    }
  } catch {
    // shown as text below
  }
  return { request: null, requestText: text };
}

/**
 * Task.upstreamUrls (`{ field: url | url[] }`) as a flat list, each with its expiry and stored copy;
 * expiry is read from the real URL, the list shows it masked.
 */
function upstreamUrlList(row: DetailRow, now: Date, secrets: UpstreamSecrets): UpstreamUrl[] {
  let parsed: unknown = null;
  try {
    parsed = row.upstreamUrls ? JSON.parse(row.upstreamUrls) : null;
  } catch {
    parsed = null;
  }
  const entries: { field: string; url: string }[] = [];
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    for (const [field, value] of Object.entries(parsed)) {
      if (typeof value === "string") entries.push({ field, url: value });
      else if (Array.isArray(value)) {
        value.forEach((url, i) => typeof url === "string" && entries.push({ field: `${field}[${i}]`, url }));
      }
    }
  }
  // Media whose source URL is not listed there (older rows) still show their original URL.
  for (const m of row.media) {
    if (!entries.some((e) => e.url === m.sourceUrl))
      entries.push({ field: m.fields || m.role, url: m.sourceUrl });
  }
  return entries.map(({ field, url }) => {
    const media = row.media.find((m) => m.sourceUrl === url);
    return {
      field,
      url: maskUpstream(url, secrets),
      masked: isUpstreamUrl(url, secrets),
      mediaId: media?.id ?? null,
      ...urlExpiry(url, media?.status === "expired", now),
    };
  });
}
