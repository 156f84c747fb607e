import { fileTypeFromBuffer } from "file-type";

/** Bytes file-type needs to recognise every format it knows (its own default sample size). */
export const SNIFF_BYTES = 4100;

/**
 * The content type of a file judged from its first bytes. Magic numbers win; text that looks like
 * markup or JSON is reported as such so an HTML error page served as "video/mp4" cannot pass for a
 * video; the declared type is used only for binary data file-type does not know.
 */
export async function sniffContentType(head: Uint8Array, declaredType?: string): Promise<string> {
  if (head.length > 0) {
    const detected = await fileTypeFromBuffer(head);
    if (detected) return detected.mime;
    const textual = textualType(head);
    if (textual) return textual;
  }
  return baseType(declaredType) ?? "application/octet-stream";
}

/** "Text/HTML; charset=utf-8" → "text/html"; undefined when empty or malformed. */
export function baseType(contentType: string | null | undefined): string | undefined {
  const base = contentType?.split(";")[0]?.trim().toLowerCase();
  return base && /^[\w.+-]+\/[\w.+-]+$/.test(base) ? base : undefined;
}

export function isMediaType(contentType: string): boolean {
  return /^(image|video|audio)\//.test(contentType);
}

/**
 * What a file a user hands the studio is, by its sniffed type: image, video or audio; null for
 * anything else, SVG included (it can carry script, and no model takes it).
 */
export function userMediaKind(contentType: string): "image" | "video" | "audio" | null {
  if (contentType === "image/svg+xml" || !isMediaType(contentType)) return null;
  return contentType.split("/")[0] as "image" | "video" | "audio";
}

function textualType(head: Uint8Array): string | undefined {
  const sample = new TextDecoder("utf-8", { fatal: false })
    .decode(head.subarray(0, 1024))
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  if (sample.startsWith("<svg") || (sample.startsWith("<?xml") && sample.includes("<svg")))
    return "image/svg+xml";
  if (
    sample.startsWith("<!doctype html") ||
    sample.startsWith("<html") ||
    /^<(head|body|title)\b/.test(sample)
  )
    return "text/html";
  if (sample.startsWith("<?xml") || /^<[a-z][\w:-]*[\s>]/.test(sample)) return "application/xml";
  if (sample.startsWith("{") || sample.startsWith("[")) return "application/json";
  if (isPrintable(head.subarray(0, 512))) return "text/plain";
  return undefined;
}

function isPrintable(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  for (const b of bytes) {
    if (b === 9 || b === 10 || b === 13) continue;
    if (b < 32 || b === 127) return false;
  }
  return true;
}
