import "server-only";
import { readFailure } from "../errors";
import type { Media } from "../generated/prisma/client";
import type { TaskStatus } from "./status";
import { maskUpstream, publicText, upstreamSecrets, type UpstreamSecrets } from "../upstream/public-text";
import { errorTextFor, mediaFailureFor, type ErrorAudience } from "./media-error";
import { shownFailure, type FailureParams } from "../failure-fields";
import type { MediaState } from "./media-state";
import { downloadRetry } from "./retry-download";
import type { TaskWithMedia } from "./load-task";
import { awaitsResultUrls } from "./result-url-grace";

/** Path of a stored file on the studio (Range-capable). */
export const mediaPath = (mediaId: string) => `/api/media/${encodeURIComponent(mediaId)}`;
const mediaThumbnailPath = (mediaId: string) => `${mediaPath(mediaId)}/thumbnail`;

/** Result fields that point at the studio's stored copy once it exists. */
const MIRRORED_FIELDS = ["result_url", "video_url", "image_url", "media_url", "last_frame_url"] as const;
type MirroredField = (typeof MIRRORED_FIELDS)[number];

export type PresentedMedia = {
  id: string;
  /** result | last_frame | extra */
  role: string;
  /** pending | downloading | stored | expired | failed */
  status: string;
  /** Task-object fields that carried this file's URL, e.g. ["result_url", "video_url"]. */
  fields: string[];
  contentType: string | null;
  size: number | null;
  sha256: string | null;
  width: number | null;
  height: number | null;
  durationSec: number | null;
  /** Absolute studio URL once stored, else null. */
  url: string | null;
  thumbnailUrl: string | null;
  /** Why the file is not stored (expired URL, HTML error page, …); internal addresses for admins only. */
  error: string | null;
  /** `error`'s code and params (lib/errors.ts Failure, messages `failures.download_*`); null for none. */
  errorCode: string | null;
  errorParams: FailureParams | null;
  storedAt: string | null;
  /**
   * Not stored, and its upstream URL may still live: `POST /api/tasks/{id}/media/retry` fetches it
   * again (no credits). False once stored, while downloading, or after the URL expired.
   */
  retryable: boolean;
};

/** The spec's task object as the studio knows it, plus a `studio` block with the stored files. */
export type PresentedTask = {
  id: string;
  object: string;
  model: string;
  status: TaskStatus;
  /** 0–100, or null when the upstream has not reported any. */
  progress: number | null;
  amount: number | null;
  actualDuration: number | null;
  /** Why the task failed: the upstream's own words, or the studio's sentence when it gave up on the task. */
  error: string | null;
  /**
   * `error`'s code and params (lib/errors.ts Failure): `task_upstream_failed` for the upstream's own
   * words (shown as written), a code of the studio's for its own sentence; null for none.
   */
  errorCode: string | null;
  errorParams: FailureParams | null;
  /** Unix seconds. */
  created: number;
  /** The studio's stored copy when there is one, otherwise the upstream's original URL. */
  result_url?: string;
  video_url?: string;
  image_url?: string;
  media_url?: string;
  last_frame_url?: string;
  /** As the upstream sent them. */
  upstream_url?: string;
  upstream_urls?: string[];
  error_message?: string;
  task_id?: string;
  /**
   * The upstream's original URL of every result field above, by field name (a URL under the
   * configured base URL reads "{base_url}/…": the base itself is never revealed).
   */
  upstream_result_urls: Partial<Record<MirroredField, string>>;
  studio: {
    submittedAt: string;
    startedAt: string | null;
    finishedAt: string | null;
    mediaState: MediaState;
    /** The normalized body the studio sent upstream (model included). */
    request: Record<string, unknown>;
    /** The last error talking to the upstream about this task, while it keeps being retried. */
    lastPollError: string | null;
    lastPollErrorCode: string | null;
    lastPollErrorParams: FailureParams | null;
    /**
     * Completed without any result URL, and still being asked again for one (a short grace
     * period); false once the studio has settled for "no result".
     */
    awaitingResultUrls: boolean;
    media: PresentedMedia[];
  };
};

/**
 * The task object clients get from the proxy. Built only from what the studio stored and the
 * spec's own fields; every text that came from the upstream goes through lib/upstream/public-text
 * (never the key or the configured base URLs). `origin` is the request's origin, so URLs work from
 * whatever address the studio was reached at.
 */
export function presentTask(
  task: TaskWithMedia,
  origin: string,
  secrets: UpstreamSecrets = upstreamSecrets(),
  now: number = Date.now(),
  audience: ErrorAudience = "member",
): PresentedTask {
  const mask = (url: string) => maskUpstream(url, secrets);
  const shown = (text: string) => errorTextFor(publicText(text, secrets), audience);
  const raw = parseObject(task.upstreamTask);
  const urlFields = parseObject(task.upstreamUrls);
  const stored = new Map(task.media.filter((m) => m.status === "stored").map((m) => [m.sourceUrl, m]));

  const out: PresentedTask = {
    id: task.id,
    object: typeof raw.object === "string" ? raw.object : task.kind,
    model: task.model,
    status: task.status as TaskStatus,
    progress: task.progress,
    amount: task.amount,
    actualDuration: task.actualDuration,
    ...shownFailure(readFailure(task, "error"), shown, "error"),
    created: task.upstreamCreated ?? Math.floor(task.submittedAt.getTime() / 1000),
    upstream_result_urls: {},
    studio: {
      submittedAt: task.submittedAt.toISOString(),
      startedAt: task.startedAt?.toISOString() ?? null,
      finishedAt: task.finishedAt?.toISOString() ?? null,
      mediaState: task.mediaState as MediaState,
      request: parseObject(maskUpstream(task.request, secrets)),
      ...shownFailure(readFailure(task, "lastPollError"), shown, "lastPollError"),
      awaitingResultUrls: awaitsResultUrls(task, now),
      media: task.media.map((m) => presentMedia(m, origin, secrets, now, audience)),
    },
  };
  for (const field of MIRRORED_FIELDS) {
    const original = urlFields[field];
    if (typeof original !== "string") continue;
    const copy = stored.get(original);
    out[field] = copy ? `${origin}${mediaPath(copy.id)}` : mask(original);
    out.upstream_result_urls[field] = mask(original);
  }
  if (typeof urlFields.upstream_url === "string") out.upstream_url = mask(urlFields.upstream_url);
  if (Array.isArray(urlFields.upstream_urls))
    out.upstream_urls = urlFields.upstream_urls.filter(isString).map(mask);
  if (typeof raw.error_message === "string") out.error_message = publicText(raw.error_message, secrets);
  if (typeof raw.task_id === "string") out.task_id = raw.task_id;
  return out;
}

function presentMedia(
  media: Media,
  origin: string,
  secrets: UpstreamSecrets,
  now: number,
  audience: ErrorAudience,
): PresentedMedia {
  const isStored = media.status === "stored";
  return {
    id: media.id,
    role: media.role,
    status: media.status,
    fields: media.fields.split(",").filter(Boolean),
    contentType: media.contentType,
    size: media.size,
    sha256: media.sha256,
    width: media.width,
    height: media.height,
    durationSec: media.durationSec,
    url: isStored ? `${origin}${mediaPath(media.id)}` : null,
    thumbnailUrl: isStored && media.thumbPath ? `${origin}${mediaThumbnailPath(media.id)}` : null,
    ...shownFailure(
      mediaFailureFor(readFailure(media, "error"), audience),
      (text) => errorTextFor(publicText(text, secrets), audience),
      "error",
    ),
    storedAt: media.storedAt?.toISOString() ?? null,
    retryable: downloadRetry(media, now).allowed,
  };
}

function parseObject(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const isString = (value: unknown): value is string => typeof value === "string";
