import { formatBytes } from "../format/bytes";

/**
 * Attachment limits, shared by the composer (checked before anything is uploaded or sent) and the
 * server (checked again before the upstream is called). Browser-safe: no Node imports.
 *
 * The spec does not show the layout of non-text parts nor a size limit; the studio follows the
 * native API's well-known layout, whose requests are capped at 20 MB. Inline data travels as
 * base64 (4/3 of the raw size), so 14 MB of raw files per request stay under that cap with room
 * for the text, and one file may take half of it.
 */
export const MB = 1024 * 1024;
export const INLINE_MAX_FILE_BYTES = 7 * MB;
export const INLINE_MAX_REQUEST_BYTES = 14 * MB;
/** Files per message, so a stray drop of a whole folder does not flood a request. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 10;

export const ACCEPTED_MEDIA = "image/*,video/*";

export function isAcceptedMediaType(type: string): boolean {
  return /^(image|video)\/[\w.+-]+$/i.test(type.trim());
}

export function mediaKindOf(type: string): "image" | "video" {
  return type.toLowerCase().startsWith("video/") ? "video" : "image";
}

/** A size next to the limit it breaks: in bytes when both would round to the same figure. */
export function formatOver(bytes: number, limit: number): string {
  const shown = formatBytes(bytes);
  return shown === formatBytes(limit) ? `${bytes.toLocaleString("en-US")} bytes` : shown;
}

/** Why a file cannot be attached by upload (it would have no public URL), or undefined. */
export type UploadIssue =
  { reason: "type"; type: string } | { reason: "empty" } | { reason: "size"; size: number; max: number };

/** What keeps a file from being attached by upload; the composer words it in the page's language. */
export function uploadIssue(file: { name: string; size: number; type: string }): UploadIssue | undefined {
  if (file.type && !isAcceptedMediaType(file.type)) return { reason: "type", type: file.type };
  if (file.size === 0) return { reason: "empty" };
  if (file.size > INLINE_MAX_FILE_BYTES)
    return { reason: "size", size: file.size, max: INLINE_MAX_FILE_BYTES };
  return undefined;
}
