import type { ByteRange, RemoveOptions, StoredFileInfo, WriteOptions, WrittenFile } from "./media-store";
import { mediaStore } from "./media-store";

export { mediaFileResponse } from "./file-response";
export { mediaRoot, resolveMediaPath } from "./media-path";
export type { ByteRange, StoredFileInfo, WriteOptions, WrittenFile } from "./media-store";

/*
 * The media files of the studio, by key (the relative path the database holds), in whichever store
 * MEDIA_STORE names (lib/storage/media-store.ts). Callers use these and never a file path.
 */

/**
 * Streams bytes to the store under `key`, hashing as it goes; the file appears only complete and
 * validated (never half-written). Fails with StudioError payload_too_large past maxBytes.
 * contentType is sniffed from the bytes (file-type), falling back to declaredType.
 */
export function writeMediaFile(
  key: string,
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  options: WriteOptions = {},
): Promise<WrittenFile> {
  return mediaStore().put(key, source, options);
}

/** Removes a stored file (and nothing else); missing files are fine. */
export function removeMediaFile(key: string, options?: RemoveOptions): Promise<void> {
  return mediaStore().remove(key, options);
}

/** Size and modification time of a stored file; undefined when it is missing. */
export function statMediaFile(key: string): Promise<StoredFileInfo | undefined> {
  return mediaStore().stat(key);
}

/** The stored bytes (all, or one range) as a pull stream; undefined when the file is missing. */
export function openMediaFile(
  key: string,
  range?: ByteRange,
): Promise<ReadableStream<Uint8Array> | undefined> {
  return mediaStore().open(key, range);
}

/** A whole stored file in memory, for callers that send it inline (sizes they have bounded). */
export async function readMediaFile(key: string): Promise<Buffer> {
  const body = await openMediaFile(key);
  if (!body) throw Object.assign(new Error(`ENOENT: the stored file ${key} is missing`), { code: "ENOENT" });
  return Buffer.from(await new Response(body).arrayBuffer());
}

/** Stores the bytes of `from` under `to` as well, without passing them through the studio. */
export function copyMediaFile(from: string, to: string): Promise<void> {
  return mediaStore().copy(from, to);
}

/** Runs `work` with a local path holding the file's bytes (for sharp and ffmpeg); see MediaStore. */
export function withLocalMediaFile<T>(
  key: string,
  maxBytes: number,
  work: (file: string) => Promise<T>,
): Promise<T> {
  return mediaStore().withLocalFile(key, maxBytes, work);
}

/** Every finished file under a key prefix, with its modification time (sweeps). */
export function listMediaFiles(prefix: string): AsyncIterable<{ key: string; lastModified: Date }> {
  return mediaStore().list(prefix);
}

/**
 * Deletes what crashed writes left under a key prefix (temp files in MEDIA_DIR, unfinished
 * multipart uploads in a bucket); writes in progress are younger than `olderThanMs`.
 */
export function removeStaleTempFiles(prefix: string, olderThanMs: number): Promise<number> {
  return mediaStore().removeStale(prefix, olderThanMs);
}
