import { db as processDb, type Db } from "../db";
import { env } from "../env";
import { fetchPolicy } from "../net/fetch-policy";
import type { FetchPolicy } from "../net/safe-fetch";
import { createThumbnail } from "../storage/thumbnails";
import { queueAfterStored } from "../vision/queue";
import { upstreamConfig, type UpstreamConfig } from "../upstream/config";
import { processUpstreamGate, type UpstreamGate } from "./upstream-gate";
import { serverLog } from "../log";

/**
 * Everything the task pipeline touches from the outside, injected so tests can run it against a
 * temp database and a local upstream without touching process.env.
 */
export type TaskDeps = {
  db: Db;
  upstream: UpstreamConfig;
  now: () => number;
  log: Pick<Console, "info" | "warn" | "error">;
  polling: {
    /** Never ask the upstream about one task more often than this, however many clients poll. */
    minIntervalMs: number;
    /** The tracker polls each running task every min…max ms (spec: every 5 to 10 s). */
    intervalMs: readonly [number, number];
    /** Longest wait between polls while the upstream keeps failing. */
    maxBackoffMs: number;
    /**
     * A poller's claim on a task (Task.pollLeaseUntil): longer than a query may take, so a lease
     * only runs out when its process died; then another poller takes the task over.
     */
    leaseMs: number;
    /** Consecutive 404/410 answers after which a task counts as lost upstream (failed)… */
    lostAfter: number;
    /** …provided they went on for at least this long (ms since the first of them). */
    lostAfterMs: number;
  };
  downloads: {
    maxAttempts: number;
    /** First retry delay; each further retry waits three times longer (with jitter). */
    backoffMs: number;
    maxBytes: number;
    /** Aborts a download that sends no bytes for this long (a large file may take minutes overall). */
    idleTimeoutMs: number;
    /** A download worker's claim on a media row (Media.leaseUntil), renewed while bytes flow. */
    leaseMs: number;
  };
  /** Where result URLs may be fetched from (lib/net/fetch-policy.ts): public addresses and the allow-list. */
  fetchPolicy: FetchPolicy;
  /** The shared back-off every poller honours after a 429 or Retry-After (upstream-gate.ts). */
  gate: UpstreamGate;
  /** Poster frames / thumbnails after a file is stored (gallery); failures are only logged. */
  createThumbnail: (db: Db, mediaId: string) => Promise<void>;
  /** After a result file is stored: queues it for the describer when describing is on (lib/vision/queue.ts). */
  afterStored: (db: Db, taskId: string) => Promise<unknown>;
};

const DEFAULT_POLLING: TaskDeps["polling"] = {
  minIntervalMs: 5_000,
  intervalMs: [5_000, 8_000],
  maxBackoffMs: 5 * 60_000,
  leaseMs: 60_000,
  lostAfter: 6,
  lostAfterMs: 10 * 60_000,
};

const DEFAULT_DOWNLOADS: TaskDeps["downloads"] = {
  maxAttempts: 5,
  backoffMs: 5_000,
  // Media.size is a 32-bit integer column.
  maxBytes: 2 ** 31 - 1,
  idleTimeoutMs: 60_000,
  leaseMs: 3 * 60_000,
};

export type TaskDepsOverrides = Partial<Omit<TaskDeps, "polling" | "downloads">> & {
  polling?: Partial<TaskDeps["polling"]>;
  downloads?: Partial<TaskDeps["downloads"]>;
};

export function taskDeps(overrides: TaskDepsOverrides = {}): TaskDeps {
  return {
    db: overrides.db ?? processDb(),
    upstream: overrides.upstream ?? upstreamConfig(),
    now: overrides.now ?? Date.now,
    log: overrides.log ?? serverLog,
    polling: { ...DEFAULT_POLLING, ...testPolling(overrides), ...overrides.polling },
    downloads: { ...DEFAULT_DOWNLOADS, ...overrides.downloads },
    createThumbnail: overrides.createThumbnail ?? createThumbnail,
    afterStored: overrides.afterStored ?? queueAfterStored,
    fetchPolicy: overrides.fetchPolicy ?? fetchPolicy(),
    gate: overrides.gate ?? processUpstreamGate(),
  };
}

/**
 * TRACKER_POLL_INTERVAL_MS (tests only: the end-to-end studio, whose sandbox runs at a time scale):
 * polls every N–1.6N ms, as the spec's 5–8 s, and no task asked about more often than every N ms.
 */
function testPolling(overrides: TaskDepsOverrides): Partial<TaskDeps["polling"]> {
  if (overrides.polling?.intervalMs) return {};
  const every = env().trackerPollIntervalMs;
  return every === null ? {} : { minIntervalMs: every, intervalMs: [every, Math.round(every * 1.6)] };
}

/** A delay within [min, max], so many tasks submitted together do not poll in lockstep. */
export function jitter(min: number, max = min): number {
  return Math.round(min + Math.random() * (max - min));
}
