import type { MediaKind } from "../catalog";
import { streamChunks } from "../http/stream-chunks";
import { mediaMeter, type MeasuredMedia } from "./measure";

/** An opened file: its bytes as they arrive and its size when the source says it up front. */
export type MediaSource = {
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;
  /** Content-Length, or the size on disk; null when not said. */
  size: number | null;
};

/**
 * Opens one referenced file for reading. Throws UnreachableMediaError when it cannot (refused
 * address, HTTP error, timeout): the studio then cannot say, but the upstream may still reach it.
 */
export type OpenMedia = (url: string, signal: AbortSignal) => Promise<MediaSource>;

export class UnreachableMediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnreachableMediaError";
  }
}

export type ReadOutcome =
  | { kind: "measured"; measured: MeasuredMedia; bytes: number }
  /** More than `cap` bytes: reading stopped after cap + 1. */
  | { kind: "over-cap"; bytes: number | null; cap: number };

/**
 * Reads what the meter needs and no more than cap + 1 bytes. When the size is known up front a
 * file over the cap is not read at all, and reading stops as soon as the meter has what it needs;
 * otherwise the rest is counted (not kept) to learn the size, up to cap + 1.
 */
export async function readMedia(source: MediaSource, kind: MediaKind, cap: number): Promise<ReadOutcome> {
  if (source.size !== null && source.size > cap) {
    await cancel(source.body);
    return { kind: "over-cap", bytes: source.size, cap };
  }
  const meter = mediaMeter(kind);
  const iterator = streamChunks(source.body);
  let read = 0;
  let enough = false;
  try {
    for (;;) {
      const { done, value } = await iterator.next();
      if (done) break;
      const chunk = value.subarray(0, cap + 1 - read);
      read += chunk.byteLength;
      if (!enough) enough = meter.push(chunk);
      if (read > cap) return { kind: "over-cap", bytes: null, cap };
      if (enough && source.size !== null) break;
    }
  } finally {
    await iterator.return?.();
  }
  return { kind: "measured", measured: await meter.finish(), bytes: source.size ?? read };
}

async function cancel(body: MediaSource["body"]): Promise<void> {
  if ("cancel" in body) await body.cancel().catch(() => undefined);
  else await body[Symbol.asyncIterator]().return?.();
}
