import "server-only";
import type { Viewer } from "../auth/scope";
import { visibleTaskWhere } from "../collections/access";
import type { Db } from "../db";
import { readFailure, StudioError } from "../errors";
import { downloadFileName } from "../storage/file-names";
import { mediaFileResponse } from "../storage/files";
import { thumbnailFileFor } from "../storage/thumbnails";
import { publicText } from "../upstream/public-text";
import { failureFields, maskFailure } from "../failure-fields";
import { errorTextFor, mediaFailureFor } from "./media-error";

/**
 * A stored result file (Range, ETag, HEAD). `download` adds an attachment name that says what the
 * file is. Files that are not stored (yet, or ever) answer 404 saying why (as the viewer may read
 * it, with its code and params as `reason`, `reasonCode`, `reasonParams`). A file of an item the
 * viewer may not see answers the same 404 as one that does not exist; an item of a collection shared
 * with the viewer is one they may see (lib/collections/access.ts).
 */
export async function mediaResponse(
  db: Db,
  viewer: Viewer,
  request: Request,
  mediaId: string,
  options: { download?: boolean } = {},
): Promise<Response> {
  const media = await db.media.findFirst({
    where: { id: mediaId, task: visibleTaskWhere(viewer) },
    include: { task: { select: { id: true, model: true, prompt: true, submittedAt: true } } },
  });
  if (!media) throw new StudioError("not_found", `Media ${mediaId} does not exist.`);
  if (media.status !== "stored" || !media.path) throw notStoredError(media, viewer);
  return mediaFileResponse(request, media.path, media.contentType ?? "application/octet-stream", {
    sha256: media.sha256 ?? undefined,
    ...(options.download ? { downloadName: downloadFileName(media.task, media) } : {}),
  });
}

/** The stored thumbnail or poster frame (WebP), made again when its file has gone; 404 while none exists yet. */
export async function thumbnailResponse(
  db: Db,
  viewer: Viewer,
  request: Request,
  mediaId: string,
): Promise<Response> {
  const visible = await db.media.count({ where: { id: mediaId, task: visibleTaskWhere(viewer) } });
  if (!visible) throw new StudioError("not_found", `Media ${mediaId} does not exist.`);
  return mediaFileResponse(request, await thumbnailFileFor(db, mediaId), "image/webp");
}

function notStoredError(
  media: {
    id: string;
    status: string;
    error: string | null;
    errorCode: string | null;
    errorParams: string | null;
  },
  viewer: Viewer,
): StudioError {
  const audience = viewer.role === "admin" ? "admin" : "member";
  const stored = mediaFailureFor(readFailure(media, "error"), audience);
  const reason = stored && maskFailure(stored, (text) => errorTextFor(publicText(text), audience));
  return new StudioError("not_found", notStoredMessage(media, reason?.message ?? null), {
    details: { mediaStatus: media.status, ...failureFields(reason, "reason") },
  });
}

function notStoredMessage(media: { id: string; status: string }, reason: string | null): string {
  switch (media.status) {
    case "expired":
      return `Media ${media.id} was never stored: ${reason ?? "its upstream URL expired."}`;
    case "failed":
      return `Media ${media.id} could not be stored: ${reason ?? "the download failed."}`;
    default:
      return `Media ${media.id} is not stored yet (${media.status}); try again in a moment.`;
  }
}
