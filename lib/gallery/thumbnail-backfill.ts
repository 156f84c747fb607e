import type { Db } from "../db";
import { dependencyFault } from "../health/dependency-fault";
import { createThumbnail } from "../storage/thumbnails";
import { serverLog } from "../log";

/**
 * Lazy thumbnails for stored media that have none (stored before thumbnails existed, or the
 * pipeline's attempt failed). The list request only enqueues: it never waits on ffmpeg. One job at
 * a time, because the machine is small and the tracker's downloads share it.
 */
const RETRY_AFTER_MS = 10 * 60_000;

type State = { queue: string[]; queued: Set<string>; failedAt: Map<string, number>; running: boolean };
const globalState = globalThis as unknown as { galleryThumbBackfill?: State };
const state: State = (globalState.galleryThumbBackfill ??= {
  queue: [],
  queued: new Set(),
  failedAt: new Map(),
  running: false,
});

export function scheduleThumbnails(db: Db, mediaIds: string[]): void {
  const now = Date.now();
  for (const id of mediaIds) {
    if (state.queued.has(id)) continue;
    const failed = state.failedAt.get(id);
    if (failed !== undefined && now - failed < RETRY_AFTER_MS) continue;
    state.queued.add(id);
    state.queue.push(id);
  }
  if (!state.running && state.queue.length) void drain(db);
}

async function drain(db: Db): Promise<void> {
  state.running = true;
  try {
    for (let id = state.queue.shift(); id !== undefined; id = state.queue.shift()) {
      try {
        await createThumbnail(db, id);
        state.failedAt.delete(id);
      } catch (error) {
        // A dependency that is down is no fault of the file: the next listing asks again.
        if (!dependencyFault(error)) state.failedAt.set(id, Date.now());
        serverLog.warn(`[gallery] thumbnail of media ${id} failed: ${(error as Error).message}`);
      } finally {
        state.queued.delete(id);
      }
    }
  } finally {
    state.running = false;
  }
}
