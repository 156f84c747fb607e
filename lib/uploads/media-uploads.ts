/**
 * Files uploaded into a media field of the studio form. The upstream takes media by URL only
 * (spec), so an upload is stored here and handed on as the studio's own address for it
 * (lib/gallery/reference-url.ts `studioFileReference`).
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { ownedBy, ownerOf, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError, isStudioError } from "../errors";
import { formatBytes } from "../format/bytes";
import { removeMediaFile, writeMediaFile } from "../storage/files";
import { userMediaKind } from "../storage/sniff-type";

export type MediaUploadRow = {
  id: string;
  kind: string;
  mimeType: string;
  size: number;
  sha256: string;
  path: string;
  originalName: string;
};

/** Where an upload is served: the path the URL in a task body names. */
export const uploadPath = (id: string) => `/api/uploads/${id}`;

/** `/api/uploads/<id>` → the id; null for any other path. */
export function uploadIdOf(pathname: string): string | null {
  return /^\/api\/uploads\/([\w-]+)$/.exec(pathname)?.[1] ?? null;
}

/**
 * Streams an upload to uploads/ in the media store (never a half-written file), judged by its bytes, and
 * records it for its owner. Over `maxBytes` it is refused with the limit named (413).
 */
export async function saveMediaUpload(
  db: Db,
  viewer: Viewer,
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  meta: { name: string; declaredType?: string; contentLength?: number; maxBytes: number },
): Promise<MediaUploadRow> {
  const name = meta.name.trim().slice(0, 200) || "upload";
  const tooLarge = `"${name}" is larger than ${formatBytes(meta.maxBytes)}, the limit for an uploaded file (UPLOAD_LIMIT_BYTES).`;
  if (meta.contentLength !== undefined && meta.contentLength > meta.maxBytes) {
    throw new StudioError("payload_too_large", tooLarge, { details: { maxBytes: meta.maxBytes } });
  }
  const path = `uploads/${randomUUID()}`;
  let written;
  try {
    written = await writeMediaFile(path, source, {
      maxBytes: meta.maxBytes,
      declaredType: meta.declaredType,
      validate: (file) => {
        if (file.size === 0) throw new StudioError("invalid_request", `"${name}" is empty.`);
        if (!userMediaKind(file.contentType)) {
          throw new StudioError(
            "unsupported_media_type",
            `"${name}" is ${file.contentType} by its content; upload an image, a video or an audio file.`,
          );
        }
      },
    });
  } catch (error) {
    if (isStudioError(error) && error.code === "payload_too_large") {
      throw new StudioError("payload_too_large", tooLarge, { details: { maxBytes: meta.maxBytes } });
    }
    throw error;
  }
  try {
    return await db.mediaUpload.create({
      data: {
        kind: userMediaKind(written.contentType)!,
        mimeType: written.contentType,
        size: written.size,
        sha256: written.sha256,
        path,
        originalName: name,
        userId: ownerOf(viewer),
      },
    });
  } catch (error) {
    await removeMediaFile(path); // without its row the file would be an orphan
    throw error;
  }
}

/** The viewer's upload; 404 for one that does not exist or that they may not see. */
export async function getMediaUpload(db: Db, viewer: Viewer, id: string): Promise<MediaUploadRow> {
  const row = await db.mediaUpload.findFirst({ where: { id, ...ownedBy(viewer) } });
  if (!row) throw new StudioError("not_found", `Upload ${id} does not exist.`);
  return row;
}
