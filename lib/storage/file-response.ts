import { StudioError } from "../errors";
import { contentDisposition } from "./content-disposition";
import { mediaStore } from "./media-store";

export type FileResponseOptions = {
  /** Adds Content-Disposition: attachment with this file name. */
  downloadName?: string;
  cacheControl?: string;
  /** The file's sha256 when known: a strong ETag shared by every copy of the same bytes. */
  sha256?: string;
};

type ByteRange = { start: number; end: number };

/**
 * Serves a stored file with Content-Type, Content-Length, ETag, Accept-Ranges and single-range
 * (206 / 416) support; `downloadName` adds Content-Disposition: attachment. The body is read from
 * the store chunk by chunk as the client consumes it; HEAD gets the same headers and no body.
 * A store configured for presigned redirects answers 307 to a short-lived URL of the bucket instead
 * (after the same 404 and 304 checks), which then serves the bytes, ranges included.
 */
export async function mediaFileResponse(
  request: Request,
  relativePath: string,
  contentType: string,
  options: FileResponseOptions = {},
): Promise<Response> {
  const store = mediaStore();
  const stat = await store.stat(relativePath);
  if (!stat) return missingFile();
  const size = stat.size;
  const modifiedMs = stat.lastModified.getTime();
  const etag = options.sha256 ? `"${options.sha256}"` : `"${size.toString(16)}-${modifiedMs.toString(16)}"`;
  const lastModified = new Date(Math.floor(modifiedMs / 1000) * 1000).toUTCString();
  const headers = new Headers({
    "Content-Type": contentType,
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": lastModified,
    "Cache-Control": options.cacheControl ?? "private, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  });
  // Anything but plain media (an SVG, a stray HTML file) must not run script on the studio origin.
  if (!/^(video|audio)\/|^image\/(png|jpeg|gif|webp|avif|bmp|heic|heif|tiff)$/.test(contentType)) {
    headers.set("Content-Security-Policy", "sandbox; default-src 'none'; style-src 'unsafe-inline'");
  }
  if (options.downloadName) headers.set("Content-Disposition", contentDisposition(options.downloadName));

  if (matchesEtag(request.headers.get("if-none-match"), etag)) {
    return new Response(null, {
      status: 304,
      headers: pick(headers, ["ETag", "Cache-Control", "Last-Modified"]),
    });
  }

  if (store.presignedUrl && store.presignedRedirectSeconds) {
    const location = await store.presignedUrl(relativePath, {
      expiresInSeconds: store.presignedRedirectSeconds,
      contentType,
      downloadName: options.downloadName,
    });
    // The URL expires: the redirect itself must never be cached longer than it lives.
    return new Response(null, { status: 307, headers: { Location: location, "Cache-Control": "no-store" } });
  }

  const rangeHeader = request.headers.get("range");
  const honourRange =
    rangeHeader !== null && ifRangeHolds(request.headers.get("if-range"), etag, lastModified);
  const range = honourRange ? parseRange(rangeHeader, size) : undefined;
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    headers.delete("Content-Type");
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const length = size === 0 ? 0 : end - start + 1;
  headers.set("Content-Length", String(length));
  if (range) headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  const status = range ? 206 : 200;

  if (request.method === "HEAD" || length === 0) return new Response(null, { status, headers });
  const body = await store.open(relativePath, { start, end: start + length - 1 });
  if (!body) return missingFile();
  return new Response(body, { status, headers });
}

/**
 * One "bytes=" range (first-last, first-, -suffix). Several ranges or malformed syntax are ignored
 * (full 200, as RFC 9110 allows); a range starting past the end is unsatisfiable (416).
 */
function parseRange(header: string, size: number): ByteRange | "unsatisfiable" | undefined {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Number(last);
  if (last !== "" && end < start) return undefined;
  if (start >= size) return "unsatisfiable";
  return { start, end: Math.min(end, size - 1) };
}

function ifRangeHolds(ifRange: string | null, etag: string, lastModified: string): boolean {
  if (ifRange === null) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith("W/")) return value === etag; // strong comparison only
  return value === lastModified;
}

function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function missingFile(): Response {
  return Response.json(new StudioError("not_found", "The stored file is missing.").toJSON(), { status: 404 });
}

function pick(headers: Headers, names: string[]): Headers {
  const out = new Headers();
  for (const name of names) {
    const value = headers.get(name);
    if (value !== null) out.set(name, value);
  }
  return out;
}
