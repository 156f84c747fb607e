import type { MediaKind } from "../catalog";
import { setImmediate as nextTurn } from "node:timers/promises";
import { streamChunks } from "../http/stream-chunks";
import { MediaBudgetError } from "./box-budget";
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
  | { kind: "over-cap"; bytes: number | null; cap: number }
  /** Past the work budget (lib/media-inspection/box-budget.ts): refused, the reason in words. */
  | { kind: "refused"; reason: string };

/** Parser time in one go before other requests get their turn. */
const SLICE_MS = 20;

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
  let sliceStart = performance.now();
  try {
    for (;;) {
      const { done, value } = await iterator.next();
      if (done) break;
      const chunk = value.subarray(0, cap + 1 - read);
      read += chunk.byteLength;
      if (!enough) enough = meter.push(chunk);
      if (read > cap) return { kind: "over-cap", bytes: null, cap };
      if (enough && source.size !== null) break;
      // A stream already buffered resolves at once: without this, a whole file is parsed in one turn.
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
  } catch (error) {
    if (error instanceof MediaBudgetError) return { kind: "refused", reason: error.message };
    throw error;
  } finally {
    await iterator.return?.();
  }
  return { kind: "measured", measured: await meter.finish(), bytes: source.size ?? read };
}

async function cancel(body: MediaSource["body"]): Promise<void> {
  if ("cancel" in body) await body.cancel().catch(() => undefined);
  else await body[Symbol.asyncIterator]().return?.();
}
