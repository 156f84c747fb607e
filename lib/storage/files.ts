// CONTRACT STUB — the storage owner (core) replaces this file; keep these exported names and signatures.

/** Absolute MEDIA_DIR. */
export declare function mediaRoot(): string;
/** Absolute path of a MEDIA_DIR-relative path; throws on traversal outside MEDIA_DIR. */
export declare function resolveMediaPath(relativePath: string): string;

export type WrittenFile = { size: number; sha256: string; contentType: string };

/**
 * Streams bytes to MEDIA_DIR/relativePath through a temp file renamed on success (never a
 * half-written file), hashing as it goes. Fails with StudioError payload_too_large past maxBytes.
 * contentType is sniffed from the bytes (file-type), falling back to declaredType.
 */
export declare function writeMediaFile(
  relativePath: string,
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  options?: { maxBytes?: number; declaredType?: string },
): Promise<WrittenFile>;

/** Removes a stored file (and nothing else); missing files are fine. */
export declare function removeMediaFile(relativePath: string): Promise<void>;

/**
 * Serves a stored file with Content-Type, Content-Length, ETag, Accept-Ranges and single-range
 * (206 / 416) support; `downloadName` adds Content-Disposition: attachment.
 */
export declare function mediaFileResponse(
  request: Request,
  relativePath: string,
  contentType: string,
  options?: { downloadName?: string; cacheControl?: string },
): Promise<Response>;
