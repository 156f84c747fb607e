/**
 * Chat attachments: uploads streamed to the media store (checked by their bytes, never by their name),
 * gallery items taken over as attachments, and the files' lifetimes. An attachment belongs to no
 * message until it is sent.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { ownedBy, ownerOf, visibleOr404, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { StudioError, isStudioError } from "../errors";
import { copyMediaFile, removeMediaFile, statMediaFile, writeMediaFile } from "../storage/files";
import { INLINE_MAX_FILE_BYTES, isAcceptedMediaType, mediaKindOf } from "./limits";
import { isUrlLive } from "../net/live-url";
import type { AttachmentView } from "./types";
import { attachmentView } from "./views";
import { formatBytes } from "../format/bytes";

/** Unsent attachments (uploaded, then the draft was abandoned) are swept after this long. */
const UNSENT_TTL_MS = 24 * 3600 * 1000;

function assertAttachable(name: string, contentType: string): void {
  // SVG can carry script and the native API does not take it; everything else image/video is fine.
  if (!isAcceptedMediaType(contentType) || contentType === "image/svg+xml") {
    throw new StudioError(
      "invalid_request",
      `"${name}" is ${contentType} by its content; only images (PNG, JPEG, WebP, GIF, HEIC…) and videos can be attached.`,
      { status: 415, issues: [{ path: "file", message: "must be an image or a video" }] },
    );
  }
}

export async function saveUploadedAttachment(
  db: Db,
  viewer: Viewer,
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  meta: { name: string; declaredType?: string; contentLength?: number },
): Promise<AttachmentView> {
  const name = meta.name.trim().slice(0, 200) || "upload";
  const limitMessage = `"${name}" is larger than ${formatBytes(INLINE_MAX_FILE_BYTES)}, the limit for an uploaded file (it is sent inline).`;
  if (meta.contentLength !== undefined && meta.contentLength > INLINE_MAX_FILE_BYTES) {
    throw new StudioError("payload_too_large", limitMessage);
  }
  await sweepUnsentAttachments(db).catch(() => undefined);
  const relativePath = `chat/${randomUUID()}`;
  let written;
  try {
    written = await writeMediaFile(relativePath, source, {
      maxBytes: INLINE_MAX_FILE_BYTES,
      declaredType: meta.declaredType,
      validate: (file) => {
        if (file.size === 0) throw new StudioError("invalid_request", `"${name}" is empty.`);
        assertAttachable(name, file.contentType);
      },
    });
  } catch (error) {
    if (isStudioError(error) && error.code === "payload_too_large") {
      throw new StudioError("payload_too_large", limitMessage);
    }
    throw error;
  }
  return createAttachmentRow(db, {
    kind: mediaKindOf(written.contentType),
    mimeType: written.contentType,
    size: written.size,
    sha256: written.sha256,
    path: relativePath,
    originalName: name,
    userId: ownerOf(viewer),
  });
}

/** The row for a file already in place; without a row the file would be an orphan, so it goes. */
async function createAttachmentRow(
  db: Db,
  data: Prisma.AttachmentUncheckedCreateInput,
): Promise<AttachmentView> {
  try {
    return attachmentView(await db.attachment.create({ data }));
  } catch (error) {
    await removeMediaFile(data.path);
    throw error;
  }
}

const extensions: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
};

/**
 * A stored gallery file as an attachment. The bytes are hard-linked (copied across file systems)
 * into the chat's folder, so deleting the gallery item later never breaks the conversation.
 */
export async function attachFromGallery(db: Db, viewer: Viewer, mediaId: string): Promise<AttachmentView> {
  const media = await db.media.findFirst({
    where: { id: mediaId, task: ownedBy(viewer) },
    select: {
      path: true,
      status: true,
      contentType: true,
      size: true,
      sha256: true,
      sourceUrl: true,
      task: { select: { prompt: true } },
    },
  });
  if (!media) throw new StudioError("not_found", `Gallery media ${mediaId} does not exist.`);
  if (media.status !== "stored" || !media.path || !media.contentType) {
    throw new StudioError("conflict", `That gallery item is not stored yet (it is ${media.status}).`);
  }
  const stem = media.task.prompt.replace(/\s+/g, " ").trim().slice(0, 40) || "Gallery item";
  const name = `${stem}.${extensions[media.contentType] ?? "bin"}`;
  assertAttachable(name, media.contentType);
  const size = media.size ?? (await storedSize(media.path));
  if (size > INLINE_MAX_FILE_BYTES && !(await isUrlLive(media.sourceUrl))) {
    throw new StudioError(
      "payload_too_large",
      `"${name}" is ${formatBytes(size)}, over the ${formatBytes(INLINE_MAX_FILE_BYTES)} limit for a file sent inline, ` +
        `and its upstream URL has expired, so it cannot be sent by reference either.`,
    );
  }
  const relativePath = `chat/${randomUUID()}`;
  await copyMediaFile(media.path, relativePath);
  return createAttachmentRow(db, {
    kind: mediaKindOf(media.contentType),
    mimeType: media.contentType,
    size,
    sha256: media.sha256 ?? "",
    path: relativePath,
    originalName: name,
    sourceMediaId: mediaId,
    userId: ownerOf(viewer),
  });
}

async function storedSize(key: string): Promise<number> {
  const stat = await statMediaFile(key);
  if (!stat) throw new StudioError("not_found", "The gallery item's stored file is missing.");
  return stat.size;
}

/** The attachment if the viewer may see it; missing and another user's answer the same 404. */
export async function getAttachment(db: Db, viewer: Viewer, id: string) {
  return visibleOr404(
    viewer,
    await db.attachment.findUnique({ where: { id } }),
    `Attachment ${id} does not exist.`,
  );
}

/** Removes an attachment that was never sent (the user took it out of the draft). */
export async function deleteUnsentAttachment(db: Db, viewer: Viewer, id: string): Promise<void> {
  const row = await getAttachment(db, viewer, id);
  if (row.messageId) {
    throw new StudioError(
      "conflict",
      "This attachment belongs to a sent message; delete the conversation instead.",
    );
  }
  await db.attachment.delete({ where: { id } });
  await removeMediaFile(row.path);
}

export async function sweepUnsentAttachments(db: Db, now = Date.now()): Promise<number> {
  const stale = await db.attachment.findMany({
    where: { messageId: null, createdAt: { lt: new Date(now - UNSENT_TTL_MS) } },
    select: { id: true, path: true },
  });
  let removed = 0;
  for (const attachment of stale) {
    // Re-checked per row: a message may have claimed it since the query.
    const { count } = await db.attachment.deleteMany({ where: { id: attachment.id, messageId: null } });
    if (count === 0) continue;
    await removeMediaFile(attachment.path).catch(() => undefined);
    removed++;
  }
  return removed;
}
