import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { StudioError } from "../errors";
import { resolveMediaPath } from "./media-path";
import { SNIFF_BYTES, sniffContentType } from "./sniff-type";
import { formatBytes } from "../format/bytes";
import { streamChunks } from "../http/stream-chunks";

export { mediaFileResponse } from "./file-response";
export { mediaRoot, resolveMediaPath } from "./media-path";

export type WrittenFile = { size: number; sha256: string; contentType: string };

export type WriteOptions = {
  maxBytes?: number;
  declaredType?: string;
  /**
   * Inspects the complete file before it becomes visible; throwing here removes the temp file, so
   * a rejected download (an HTML error page, an empty body) never appears under its final name.
   */
  validate?: (file: WrittenFile) => void | Promise<void>;
};

/**
 * Streams bytes to MEDIA_DIR/relativePath through a temp file renamed on success (never a
 * half-written file), hashing as it goes. Fails with StudioError payload_too_large past maxBytes.
 * contentType is sniffed from the bytes (file-type), falling back to declaredType.
 */
export async function writeMediaFile(
  relativePath: string,
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  options: WriteOptions = {},
): Promise<WrittenFile> {
  const target = resolveMediaPath(relativePath);
  const dir = path.dirname(target);
  await fs.mkdir(dir, { recursive: true });
  // Same folder as the target so the final rename is atomic (same file system).
  const temp = path.join(dir, `.${path.basename(target)}.${randomUUID()}.part`);
  const handle = await fs.open(temp, "wx");
  const chunks = streamChunks(source);
  let closed = false;
  try {
    const hash = createHash("sha256");
    const head: Uint8Array[] = [];
    let headBytes = 0;
    let size = 0;
    for await (const chunk of chunks) {
      size += chunk.byteLength;
      if (options.maxBytes !== undefined && size > options.maxBytes) {
        throw new StudioError(
          "payload_too_large",
          `The file is larger than the limit of ${formatBytes(options.maxBytes)}.`,
          { details: { maxBytes: options.maxBytes } },
        );
      }
      hash.update(chunk);
      if (headBytes < SNIFF_BYTES) {
        head.push(new Uint8Array(chunk.subarray(0, SNIFF_BYTES - headBytes))); // a copy: producers may reuse buffers
        headBytes += Math.min(chunk.byteLength, SNIFF_BYTES - headBytes);
      }
      await writeAll(handle, chunk);
    }
    await handle.sync();
    await handle.close();
    closed = true;
    const file: WrittenFile = {
      size,
      sha256: hash.digest("hex"),
      contentType: await sniffContentType(concat(head, headBytes), options.declaredType),
    };
    await options.validate?.(file);
    await fs.rename(temp, target);
    await syncDir(dir);
    return file;
  } catch (error) {
    await chunks.return?.(undefined).catch(() => undefined);
    if (!closed) await handle.close().catch(() => undefined);
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Removes a stored file (and nothing else); missing files are fine. */
export async function removeMediaFile(relativePath: string): Promise<void> {
  await fs.rm(resolveMediaPath(relativePath), { force: true });
}

/**
 * Deletes temp files a crashed process left under a MEDIA_DIR folder (writes in progress in this
 * process are younger than `olderThanMs`). Final files are never touched. Returns how many went.
 */
export async function removeStaleTempFiles(relativeDir: string, olderThanMs: number): Promise<number> {
  const dir = resolveMediaPath(relativeDir);
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !/^\..+\.[0-9a-f-]{36}\.part$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat && stat.mtimeMs < cutoff) {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

async function writeAll(handle: fs.FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
    offset += bytesWritten;
  }
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

// The rename is only durable once the directory entry is flushed too.
async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, "r").catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close().catch(() => undefined);
}
