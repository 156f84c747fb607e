import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type {
  ByteRange,
  MediaStore,
  RemoveOptions,
  StoredFileInfo,
  WriteOptions,
  WrittenFile,
} from "./media-store";
import { MeasuredSource } from "./measured-source";
import { resolveMediaPath } from "./media-path";

const READ_CHUNK_BYTES = 256 * 1024;

/** Media files under MEDIA_DIR, keyed by their path relative to it (the default store). */
export class LocalMediaStore implements MediaStore {
  readonly kind = "local";
  readonly presignedRedirectSeconds = null;

  constructor(private readonly root: () => string) {}

  /** Written through a temp file in the same folder renamed on success: never a half-written file. */
  async put(
    key: string,
    source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
    options: WriteOptions = {},
  ): Promise<WrittenFile> {
    const target = this.resolve(key);
    const dir = path.dirname(target);
    await makeFolder(dir);
    // Same folder as the target so the final rename is atomic (same file system).
    const temp = path.join(dir, `.${path.basename(target)}.${randomUUID()}.part`);
    const handle = await fs.open(temp, "wx");
    const measured = new MeasuredSource(source, options.maxBytes);
    let closed = false;
    try {
      for await (const chunk of measured) await writeAll(handle, chunk);
      await handle.sync();
      await handle.close();
      closed = true;
      const file = await measured.written(options.declaredType);
      await options.validate?.(file);
      await fs.rename(temp, target);
      await syncDir(dir);
      return file;
    } catch (error) {
      await measured.cancel();
      if (!closed) await handle.close().catch(() => undefined);
      await fs.rm(temp, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  async stat(key: string): Promise<StoredFileInfo | undefined> {
    const stat = await fs.stat(this.resolve(key)).catch(() => undefined);
    return stat?.isFile() ? { size: stat.size, lastModified: stat.mtime } : undefined;
  }

  async open(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined> {
    const file = this.resolve(key);
    if (range) return fileStream(file, range.start, range.end - range.start + 1);
    const stat = await fs.stat(file).catch(() => undefined);
    return stat?.isFile() ? fileStream(file, 0, stat.size) : undefined;
  }

  async remove(key: string, options: RemoveOptions = {}): Promise<void> {
    const file = this.resolve(key);
    await fs.rm(file, { force: true });
    // rmdir refuses a folder that still holds anything.
    const dir = path.dirname(file);
    if (options.emptyFolder && dir !== this.root()) await fs.rmdir(dir).catch(() => undefined);
  }

  async copy(from: string, to: string): Promise<void> {
    const source = this.resolve(from);
    const target = this.resolve(to);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.link(source, target);
    } catch {
      // Another file system (or no hard links): copy under a temp name, then rename (never half a file).
      const temp = `${target}.${randomUUID()}.part`;
      try {
        await fs.copyFile(source, temp);
        await fs.rename(temp, target);
      } finally {
        await fs.rm(temp, { force: true });
      }
    }
  }

  async withLocalFile<T>(key: string, _maxBytes: number, work: (file: string) => Promise<T>): Promise<T> {
    return work(this.resolve(key));
  }

  async *list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }> {
    const root = this.root();
    const dir = this.resolve(prefix);
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.startsWith(".") || entry.name.endsWith(".part")) continue;
      const file = path.join(entry.parentPath, entry.name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat) yield { key: path.relative(root, file).split(path.sep).join("/"), lastModified: stat.mtime };
    }
  }

  /**
   * Deletes temp files a crashed process left under a folder (writes in progress in this process
   * are younger than `olderThanMs`). Final files are never touched. Returns how many went.
   */
  async removeStale(prefix: string, olderThanMs: number): Promise<number> {
    const dir = this.resolve(prefix);
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

  private resolve(key: string): string {
    return resolveMediaPath(key, this.root());
  }
}

/**
 * mkdir -p that fails with the file system's own reason: Node's recursive mkdir answers ENOENT
 * when a full ext4 refuses a new folder (ENOSPC), which would read as a bug rather than a full disk.
 */
async function makeFolder(dir: string): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const parent = path.dirname(dir);
    if (parent !== dir) await makeFolder(parent);
    await fs.mkdir(dir).catch((reason: NodeJS.ErrnoException) => {
      if (reason.code !== "EEXIST") throw reason;
    });
  }
}

async function writeAll(handle: fs.FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
    offset += bytesWritten;
  }
}

// The rename is only durable once the directory entry is flushed too.
async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, "r").catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close().catch(() => undefined);
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
        if (remaining === 0) {
          await close();
          controller.close();
          return;
        }
        const buffer = new Uint8Array(Math.min(READ_CHUNK_BYTES, remaining));
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
