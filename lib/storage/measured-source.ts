import { createHash } from "node:crypto";
import { StudioError } from "../errors";
import { formatBytes } from "../format/bytes";
import { streamChunks } from "../http/stream-chunks";
import { SNIFF_BYTES, sniffContentType } from "./sniff-type";
import type { WrittenFile } from "./media-store";

/**
 * A source of bytes being stored, passed through once: counts, hashes and keeps the first bytes for
 * type sniffing, and stops with payload_too_large past maxBytes. Both stores write through it, so
 * size, sha256 and type mean the same whichever store holds the file.
 */
export class MeasuredSource implements AsyncIterable<Uint8Array> {
  private readonly chunks: AsyncIterator<Uint8Array> & AsyncIterable<Uint8Array>;
  private readonly hash = createHash("sha256");
  private readonly head: Uint8Array[] = [];
  private size = 0;
  private headLength = 0;
  /** Why the source stopped early (its own error or the size limit), as opposed to the store failing. */
  failure: unknown;

  constructor(
    source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
    private readonly maxBytes?: number,
  ) {
    this.chunks = streamChunks(source);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    while (true) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await this.chunks.next();
      } catch (error) {
        this.failure = error;
        throw error;
      }
      if (next.done) return;
      this.take(next.value);
      yield next.value;
    }
  }

  /** Whether the first bytes type sniffing needs have passed. */
  get headComplete(): boolean {
    return this.headLength >= SNIFF_BYTES;
  }

  /** Stops reading the source (cancels an HTTP download) after a failure downstream. */
  async cancel(): Promise<void> {
    await this.chunks.return?.(undefined).catch(() => undefined);
  }

  /** The content type judged from the first bytes, falling back to `declaredType`. */
  async contentType(declaredType?: string): Promise<string> {
    const head = new Uint8Array(this.headLength);
    let offset = 0;
    for (const part of this.head) {
      head.set(part, offset);
      offset += part.byteLength;
    }
    return sniffContentType(head, declaredType);
  }

  /** Size, sha256 and type of everything that passed; call once, after the last chunk. */
  async written(declaredType?: string): Promise<WrittenFile> {
    return {
      size: this.size,
      sha256: this.hash.digest("hex"),
      contentType: await this.contentType(declaredType),
    };
  }

  private take(chunk: Uint8Array): void {
    this.size += chunk.byteLength;
    if (this.maxBytes !== undefined && this.size > this.maxBytes) {
      this.failure = new StudioError(
        "payload_too_large",
        `The file is larger than the limit of ${formatBytes(this.maxBytes)}.`,
        { details: { maxBytes: this.maxBytes } },
      );
      throw this.failure;
    }
    this.hash.update(chunk);
    if (this.headLength < SNIFF_BYTES) {
      // A copy: producers may reuse their buffers.
      this.head.push(new Uint8Array(chunk.subarray(0, SNIFF_BYTES - this.headLength)));
      this.headLength += Math.min(chunk.byteLength, SNIFF_BYTES - this.headLength);
    }
  }
}
