import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { Readable } from "node:stream";
import { parseRange } from "./byte-range";
import { CONTENT_TYPES, VARIANTS, imageSize, mediaFile, videoSize, type MediaSpec } from "./media-generator";
import { checkFileUrl, imageExtension, roleOfFileName, type FileRole } from "./result-urls";
import { decodeTaskId, taskHash, type TaskSeed } from "./task-codec";

export type FileContext = { secret: string; cacheDir: string; nowMs: number };

/**
 * GET/HEAD of a signed result URL, answered like a storage bucket: no Authorization needed (the
 * signature is the credential), XML errors, Range support so players can seek.
 */
export async function serveResultFile(
  request: Request,
  taskId: string,
  fileName: string,
  ctx: FileContext,
): Promise<Response> {
  const key = `${taskId}/${fileName}`;
  const seed = decodeTaskId(taskId);
  const role = seed && roleOfFileName(seed, fileName);
  if (!seed || !role) return xmlError(404, "NoSuchKey", "The specified key does not exist.", key, ctx.nowMs);
  const { check, expiresMs } = checkFileUrl(
    taskId,
    fileName,
    new URL(request.url).searchParams,
    ctx.secret,
    ctx.nowMs,
  );
  if (check === "bad-signature") {
    return xmlError(403, "SignatureDoesNotMatch", "The request signature does not match.", key, ctx.nowMs);
  }
  if (check === "expired") {
    return xmlError(403, "AccessDenied", "Request has expired", key, ctx.nowMs, expiresMs);
  }

  const spec = mediaSpecOf(taskId, seed, role);
  const file = await mediaFile(ctx.cacheDir, spec);
  const { size } = await fs.stat(file);
  const headers = new Headers({
    "Content-Type": CONTENT_TYPES[spec.kind],
    "Accept-Ranges": "bytes",
    ETag: `"${spec.kind}-${spec.width}x${spec.height}-${spec.variant}-${size}"`,
    "Cache-Control": `private, max-age=${Math.max(0, Math.floor(((expiresMs ?? ctx.nowMs) - ctx.nowMs) / 1000))}`,
  });
  const range = parseRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  headers.set("Content-Length", String(end - start + 1));
  if (range) headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  // Next.js drops Content-Length from route handler responses (the studio mount answers chunked);
  // the standalone server keeps it.
  const body =
    request.method === "HEAD"
      ? null
      : (Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body, { status: range ? 206 : 200, headers });
}

/** Same task + same file = same bytes: the variant comes from the task id, never from the clock. */
function mediaSpecOf(taskId: string, seed: TaskSeed, role: FileRole): MediaSpec {
  const variant = taskHash(taskId, "variant") % VARIANTS;
  if (seed.kind === "video" || role === "last-frame") {
    return { kind: role === "last-frame" ? "last-frame" : "video", variant, ...videoSize(seed.aspectRatio) };
  }
  return { kind: imageExtension(seed.model), variant, ...imageSize(seed.aspectRatio) };
}

function xmlError(
  status: number,
  code: string,
  message: string,
  key: string,
  nowMs: number,
  expiresMs?: number,
): Response {
  const expires = expiresMs === undefined ? "" : `<Expires>${new Date(expiresMs).toISOString()}</Expires>`;
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>` +
    `<Key>${escapeXml(key)}</Key>${expires}<ServerTime>${new Date(nowMs).toISOString()}</ServerTime></Error>\n`;
  return new Response(xml, {
    status,
    headers: { "Content-Type": "application/xml", "Cache-Control": "no-store" },
  });
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
