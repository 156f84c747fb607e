import { env } from "../env";
import { LocalMediaStore } from "./local-store";
import { S3MediaStore } from "./s3-store";

/** What a stored file is, judged on its bytes as they were written. */
export type WrittenFile = { size: number; sha256: string; contentType: string };

export type WriteOptions = {
  maxBytes?: number;
  declaredType?: string;
  /**
   * Inspects the complete file before anyone may rely on it; throwing here removes what was
   * written, so a rejected download (an HTML error page, an empty body) is never kept.
   */
  validate?: (file: WrittenFile) => void | Promise<void>;
};

/** Inclusive byte offsets, as in an HTTP Range. */
export type ByteRange = { start: number; end: number };

export type RemoveOptions = {
  /** Its folder too when the file was all it held (MEDIA_DIR; a bucket has no folders to leave). */
  emptyFolder?: boolean;
};

export type StoredFileInfo = { size: number; lastModified: Date };

export type PresignOptions = { expiresInSeconds: number; contentType: string; downloadName?: string };

/**
 * Where media files live, addressed by key: the relative path the database holds
 * (`tasks/<id>/result.mp4`, `thumbs/<id>.webp`, `chat/<uuid>`). One implementation keeps them under
 * MEDIA_DIR, the other in an S3-compatible bucket; every caller goes through lib/storage/files.ts.
 */
export interface MediaStore {
  readonly kind: "local" | "s3";
  /**
   * Streams `source` to `key`, hashing and sniffing on the way; the file exists under its key only
   * once it is complete and validated. Fails with StudioError payload_too_large past maxBytes.
   */
  put(
    key: string,
    source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
    options?: WriteOptions,
  ): Promise<WrittenFile>;
  /** Size and modification time; undefined when nothing is stored under the key. */
  stat(key: string): Promise<StoredFileInfo | undefined>;
  /** The bytes (all, or one range), pulled as the reader consumes them; undefined when missing. */
  open(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined>;
  /** Removes one file; a missing one is fine. */
  remove(key: string, options?: RemoveOptions): Promise<void>;
  /** Stores the bytes of `from` under `to` as well (a hard link or a server-side copy). */
  copy(from: string, to: string): Promise<void>;
  /**
   * Runs `work` with a path on local disk holding the file's bytes (sharp and ffmpeg read files):
   * the file itself for MEDIA_DIR, a temp copy (at most maxBytes) removed afterwards for S3.
   */
  withLocalFile<T>(key: string, maxBytes: number, work: (file: string) => Promise<T>): Promise<T>;
  /** Every finished file under a key prefix (no temp files), with its modification time. */
  list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }>;
  /** Removes what crashed writes under a key prefix left (temp files, unfinished uploads). */
  removeStale(prefix: string, olderThanMs: number): Promise<number>;
  /** A URL the browser may GET for a short while; only stores configured to redirect have one. */
  presignedUrl?(key: string, options: PresignOptions): Promise<string>;
  /** How long a presigned URL lives when files are served by redirect; null: served through the studio. */
  readonly presignedRedirectSeconds: number | null;
}

let chosen: MediaStore | undefined;

/** The store MEDIA_STORE names, built once. */
export function mediaStore(): MediaStore {
  if (!chosen) {
    const config = env().mediaStore;
    chosen = config.kind === "s3" ? new S3MediaStore(config) : new LocalMediaStore(() => env().mediaDir);
  }
  return chosen;
}
