import fs from "node:fs/promises";
import { StudioError } from "../errors";
import { resolveMediaPath } from "./media-path";

const CHUNK_BYTES = 256 * 1024;

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
 * disk chunk by chunk as the client consumes it; HEAD gets the same headers and no body.
 */
export async function mediaFileResponse(
  request: Request,
  relativePath: string,
  contentType: string,
  options: FileResponseOptions = {},
): Promise<Response> {
  const absolute = resolveMediaPath(relativePath);
  const stat = await fs.stat(absolute).catch(() => undefined);
  if (!stat?.isFile()) {
    return Response.json(new StudioError("not_found", "The stored file is missing.").toJSON(), {
      status: 404,
    });
  }
  const size = stat.size;
  const etag = options.sha256
    ? `"${options.sha256}"`
    : `"${size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const lastModified = new Date(Math.floor(stat.mtimeMs / 1000) * 1000).toUTCString();
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
  const body = await fileStream(absolute, start, length);
  if (!body) {
    return Response.json(new StudioError("not_found", "The stored file is missing.").toJSON(), {
      status: 404,
    });
  }
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

function pick(headers: Headers, names: string[]): Headers {
  const out = new Headers();
  for (const name of names) {
    const value = headers.get(name);
    if (value !== null) out.set(name, value);
  }
  return out;
}

function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\w.\- ]+/g, "_").replace(/^[.\s]+/, "") || "download";
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

// A pull-based stream: the next chunk is read from disk only when the client wants more, so memory
// stays flat whatever the file size and a slow client never makes the server buffer the file.
async function fileStream(absolute: string, start: number, length: number) {
  const handle = await fs.open(absolute, "r").catch(() => undefined);
  if (!handle) return undefined;
  let position = start;
  let remaining = length;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const buffer = new Uint8Array(Math.min(CHUNK_BYTES, remaining));
        const { bytesRead } = await handle.read(buffer, 0, buffer.byteLength, position);
        if (bytesRead === 0) throw new Error("The stored file ended early (was it truncated?).");
        position += bytesRead;
        remaining -= bytesRead;
        controller.enqueue(bytesRead === buffer.byteLength ? buffer : buffer.subarray(0, bytesRead));
        if (remaining === 0) {
          await close();
          controller.close();
        }
      } catch (error) {
        await close();
        controller.error(error);
      }
    },
    cancel: close,
  });
}
