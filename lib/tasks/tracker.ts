import { performance } from "node:perf_hooks";
import { env } from "../env";
import type { Media } from "../generated/prisma/client";
import { removeStaleTempFiles } from "../storage/files";
import { signedExpiry } from "../upstream/url-expiry";
import { ByteBudget } from "./byte-budget";
import { claimDownloads, claimDuePolls, releaseLostClaim, type LostClaim, type PolledTask } from "./claims";
import { isDatabaseFault } from "./database-retry";
import { taskDeps, type TaskDeps } from "./deps";
import { downloadClaimedMedia } from "./download-media";
import { PollWriter } from "./poll-writer";
import { syncGate } from "./shared-gate";
import { WorkPool } from "./work-pool";
import { sweepOrphanDownloads } from "./orphan-sweep";
import { settleUnjudgedTasks } from "./settle-sweep";
import { ThumbnailSweep } from "./thumbnail-sweep";
import { notePollsClaimed, tracedPoll } from "./tracker-telemetry";
import { RUNNING_STATUSES } from "./status";
import { describerDeps, startDescriber } from "../vision/describer";

export type TrackerOptions = {
  /** Concurrent upstream queries (TRACKER_POLL_WORKERS): workers / answer time = polls per second. */
  pollWorkers: number;
  /** Concurrent downloads (TRACKER_DOWNLOAD_WORKERS). */
  downloadWorkers: number;
  /** Declared bytes of large downloads in flight at once (TRACKER_DOWNLOAD_BUDGET). */
  downloadBudgetBytes: number;
  /** How soon an idle pool looks for due work again (new downloads wake it at once). */
  idleMs: number;
  /** Wait before the first pass (the built-in sandbox upstream is this server, still starting). */
  startDelayMs: number;
  /**
   * How often tasks a database outage left unjudged are judged again (settle-sweep.ts), and
   * thumbnails an outage kept from being made are made (thumbnail-sweep.ts).
   */
  sweepMs: number;
};

const DEFAULT_TRACKER_OPTIONS: TrackerOptions = {
  // 2,000 running tasks polled every 5–8 s need ~310 polls/s; at 250 ms an answer, 96 workers
  // give ~380/s. More workers cost only sockets: each waits on the network, not the CPU.
  pollWorkers: 96,
  // Many small files at once; large ones also share the byte budget.
  downloadWorkers: 16,
  downloadBudgetBytes: 512 * 1024 ** 2,
  idleMs: 250,
  startDelayMs: 0,
  sweepMs: 30_000,
};

/** A poll more overdue than this means some task's gap exceeds the spec's 10 s: "behind". */
export const BEHIND_POLL_OVERDUE_MS = 5_000;
/** A due download that waited longer than this for a worker: "behind". */
export const BEHIND_DOWNLOAD_WAIT_MS = 10_000;
const LAG_LOG_EVERY_MS = 60_000;

export type TrackerStatus = {
  polls: { workers: number; busy: number; allowed: number; overdueMs: number; answerMs: number | null };
  downloads: { workers: number; busy: number; waitedMs: number; largeBytesInFlight: number };
  lastUpstreamError: { message: string; at: string } | null;
  /** The shared back-off after a 429 / Retry-After, while it holds polls. */
  backoffUntil: string | null;
  writes: { commits: number; outcomes: number };
};

export type Tracker = {
  /** Resolves when no poll or download is running. */
  idle(): Promise<void>;
  stop(): Promise<void>;
  /** In-process figures for /api/health/tracker and the lag log. */
  status(): TrackerStatus;
};

/**
 * The background work that needs no browser: a pool of poll workers asks the upstream about every
 * running task when its nextPollAt comes (5–8 s apart; backed off per task on errors; the whole
 * pool waits after a 429), most overdue first; a pool of download workers stores every pending
 * result file, soonest-expiring URL first. Work is claimed from the database with leases
 * (claims.ts), so several processes can share one database and a dead one's work is taken over.
 */
export function startTracker(deps: TaskDeps = taskDeps(), options: Partial<TrackerOptions> = {}): Tracker {
  const o = { ...DEFAULT_TRACKER_OPTIONS, ...options };
  const writer = new PollWriter(deps);
  const budget = new ByteBudget(o.downloadBudgetBytes);
  let stopped = false;
  let lastUpstreamError: { message: string; at: number } | null = null;
  let answerMs: number | null = null;
  let pollOverdueMs = 0;
  let downloadWaitMs = 0;
  const lastLog = { poll: 0, download: 0, claim: { message: "", at: 0 } };
  let behindPolls = false;

  const logClaimError = (error: unknown, during: "claim" | "run") => {
    // A failed claim (database locked, not migrated yet) must not end tracking; say so once a minute.
    const message = (error as Error)?.message ?? String(error);
    if (during === "run" || message !== lastLog.claim.message || deps.now() - lastLog.claim.at > 60_000) {
      deps.log.error(`[tracker] ${during === "claim" ? "claiming work" : "a job"} failed:`, error);
      if (during === "claim") lastLog.claim = { message, at: deps.now() };
    }
  };

  const polls: WorkPool<PolledTask> = new WorkPool<PolledTask>({
    size: o.pollWorkers,
    allowed: () => deps.gate.allowed(o.pollWorkers, deps.now()),
    pausedMs: () => deps.gate.waitMs(deps.now()),
    idleMs: o.idleMs,
    gatherMs: 25,
    onError: logClaimError,
    claim: async (free) => {
      const now = deps.now();
      await releaseLostClaims();
      // Once per claim, not per poll: another process may have been told to slow down.
      await syncGate(deps.db, deps.gate, now);
      const limit = Math.min(free, deps.gate.allowed(o.pollWorkers, now) - polls.busy);
      if (limit <= 0) return [];
      const leaseMs = deps.polling.leaseMs + Math.floor(Math.random() * 1_000);
      let tasks: PolledTask[];
      try {
        tasks = await claimDuePolls(deps.db, {
          now,
          limit,
          leaseMs,
          minIntervalMs: deps.polling.minIntervalMs,
        });
      } catch (error) {
        if (isDatabaseFault(error)) lostClaims.push({ kind: "poll", lease: new Date(now + leaseMs) });
        throw error;
      }
      pollOverdueMs = tasks.length ? Math.max(0, now - tasks[0].nextPollAt.getTime()) : 0;
      notePollsClaimed(tasks, now);
      notePollLag(now);
      return tasks;
    },
    run: async (task) => {
      const t0 = performance.now();
      const outcome = await tracedPoll(task, deps);
      const took = performance.now() - t0;
      answerMs = answerMs === null ? took : answerMs * 0.95 + took * 0.05;
      if (outcome.kind !== "answered") {
        const message =
          outcome.kind === "throttled"
            ? `The upstream asked the studio to slow down (HTTP ${deps.gate.last?.status ?? 429}${
                deps.gate.last?.retryAfterSeconds != null
                  ? `, Retry-After ${deps.gate.last.retryAfterSeconds} s`
                  : ""
              }).`
            : ((outcome.error as Error)?.message ?? String(outcome.error));
        lastUpstreamError = { message, at: deps.now() };
      }
      const urls = await writer.write(outcome);
      if (urls > 0) downloads.wake();
    },
  });

  const downloads: WorkPool<Media> = new WorkPool<Media>({
    size: o.downloadWorkers,
    idleMs: o.idleMs,
    gatherMs: 5,
    onError: logClaimError,
    claim: async (limit) => {
      await releaseLostClaims();
      const now = deps.now();
      // The jitter makes each claim's lease end its own, so a lost claim can be told apart.
      const leaseMs = deps.downloads.leaseMs + Math.floor(Math.random() * 1_000);
      let media: Media[];
      try {
        media = await claimDownloads(deps.db, { now, limit, leaseMs });
      } catch (error) {
        if (isDatabaseFault(error)) lostClaims.push({ kind: "download", lease: new Date(now + leaseMs) });
        throw error;
      }
      downloadWaitMs = media.reduce((most, m) => Math.max(most, now - m.nextAttemptAt.getTime()), 0);
      noteDownloadLag(now, media);
      return media;
    },
    run: (media) => downloadClaimedMedia(media, deps, { budget }),
  });

  // Lease ends of claims that failed on the way back (releaseLostClaim in claims.ts).
  let lostClaims: LostClaim[] = [];
  async function releaseLostClaims() {
    const now = deps.now();
    lostClaims = lostClaims.filter((claim) => claim.lease.getTime() > now);
    for (const claim of [...lostClaims]) {
      const released = await releaseLostClaim(deps.db, claim, new Date(now));
      lostClaims = lostClaims.filter((c) => c !== claim);
      if (released)
        deps.log.info(`[tracker] ${released} ${claim.kind}(s) of a claim lost in an outage are due again.`);
    }
  }

  function notePollLag(now: number) {
    const behind = pollOverdueMs > BEHIND_POLL_OVERDUE_MS;
    if (behind && now - lastLog.poll >= LAG_LOG_EVERY_MS) {
      lastLog.poll = now;
      deps.log.warn(`[tracker] falling behind: ${pollLagReason(now)}`);
    } else if (!behind && behindPolls) {
      deps.log.info("[tracker] polls are on schedule again.");
    }
    behindPolls = behind;
  }

  function pollLagReason(now: number): string {
    const overdue = `the most overdue poll is ${(pollOverdueMs / 1000).toFixed(1)} s late`;
    const wait = deps.gate.waitMs(now);
    const allowed = deps.gate.allowed(o.pollWorkers, now);
    if (wait > 0 || allowed < o.pollWorkers) {
      return `${overdue}: the upstream asked to slow down (HTTP ${deps.gate.last?.status ?? 429}); ${
        wait > 0 ? `pausing ${Math.ceil(wait / 1000)} s, then ` : ""
      }polling with ${allowed} of ${o.pollWorkers} workers while it recovers.`;
    }
    const answer = answerMs === null ? "unknown" : `${Math.round(answerMs)} ms`;
    if (polls.busy >= o.pollWorkers) {
      return `${overdue}: all ${o.pollWorkers} poll workers are busy (an upstream answer takes ${answer}); raise TRACKER_POLL_WORKERS or run fewer tasks at once.`;
    }
    return `${overdue} with ${polls.busy} of ${o.pollWorkers} poll workers busy (answers take ${answer}): the database is slow to claim or record polls.`;
  }

  function noteDownloadLag(now: number, media: Media[]) {
    const expired = media.filter((m) => m.expiresAt && m.expiresAt.getTime() <= now).length;
    if ((downloadWaitMs > BEHIND_DOWNLOAD_WAIT_MS || expired) && now - lastLog.download >= LAG_LOG_EVERY_MS) {
      lastLog.download = now;
      deps.log.warn(
        `[tracker] downloads falling behind: a due download waited ${(downloadWaitMs / 1000).toFixed(1)} s for one of ${o.downloadWorkers} workers` +
          (expired ? `; ${expired} URL(s) had already expired when their turn came` : "") +
          ` (${(budget.bytesInFlight / 1024 ** 2).toFixed(0)} MB of large files in flight).`,
      );
    }
  }

  const started = new Promise((resolve) => setTimeout(resolve, o.startDelayMs).unref())
    .then(() => (stopped ? undefined : resume(deps)))
    .catch((error: unknown) => deps.log.error("[tracker] resuming unfinished work failed:", error))
    .then(() => {
      if (stopped) return;
      polls.start();
      downloads.start();
      sweep = setInterval(() => void settle(), o.sweepMs);
      sweep.unref();
      // Files an outage or a crash left without their row, once per start, beside the pools;
      // young ones may be getting their row right now.
      void sweepOrphanDownloads(deps, Math.max(10 * 60_000, 2 * deps.downloads.leaseMs))
        .then(({ removed, adopted }) => {
          if (removed || adopted)
            deps.log.info(`[tracker] stored files without a row: ${adopted} adopted, ${removed} removed.`);
        })
        .catch((error: unknown) =>
          deps.log.warn(
            `[tracker] sweeping stored files without a row failed: ${(error as Error)?.message ?? error}`,
          ),
        );
    });

  let sweep: NodeJS.Timeout | undefined;
  let sweeping = false;
  const thumbnails = new ThumbnailSweep(deps);
  const settle = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      const judged = await settleUnjudgedTasks(deps.db, new Date(deps.now()));
      if (judged)
        deps.log.info(`[tracker] judged the downloads of ${judged} task(s) an outage left unsettled.`);
      const made = await thumbnails.run();
      if (made) deps.log.info(`[tracker] made ${made} thumbnail(s) an outage had kept from being made.`);
    } catch {
      // The database is still down: the next sweep tries again (claims already log the fault).
    } finally {
      sweeping = false;
    }
  };

  return {
    idle: async () => {
      await started;
      await Promise.all([polls.idle(), downloads.idle()]);
      await writer.drain();
    },
    stop: async () => {
      stopped = true;
      await started;
      clearInterval(sweep);
      await Promise.all([polls.stop(), downloads.stop()]);
      await writer.drain();
    },
    status: () => {
      const now = deps.now();
      const backoff = deps.gate.waitMs(now);
      return {
        polls: {
          workers: o.pollWorkers,
          busy: polls.busy,
          allowed: deps.gate.allowed(o.pollWorkers, now),
          overdueMs: pollOverdueMs,
          answerMs: answerMs === null ? null : Math.round(answerMs),
        },
        downloads: {
          workers: o.downloadWorkers,
          busy: downloads.busy,
          waitedMs: downloadWaitMs,
          largeBytesInFlight: budget.bytesInFlight,
        },
        lastUpstreamError: lastUpstreamError
          ? { message: lastUpstreamError.message, at: new Date(lastUpstreamError.at).toISOString() }
          : null,
        backoffUntil: backoff > 0 ? new Date(now + backoff).toISOString() : null,
        writes: { ...writer.stats },
      };
    },
  };
}

/**
 * Work a previous process left behind: its temp files go (a live download touches its temp file
 * at least every idle timeout), downloads it held become claimable when their lease runs out
 * (claims.ts), rows from before URL expiries were recorded get theirs, and tasks it had backed off
 * from are asked about again now.
 */
async function resume(deps: TaskDeps): Promise<void> {
  const now = new Date(deps.now());
  await removeStaleTempFiles("tasks", 5 * deps.downloads.idleTimeoutMs);
  const unknownExpiry = await deps.db.media.findMany({
    where: { status: { in: ["pending", "downloading"] }, expiresAt: null },
    select: { id: true, sourceUrl: true },
  });
  for (const { id, sourceUrl } of unknownExpiry) {
    const expiresAt = signedExpiry(sourceUrl);
    if (expiresAt) await deps.db.media.update({ where: { id }, data: { expiresAt } });
  }
  const tasks = await deps.db.task.updateMany({
    where: { status: { in: [...RUNNING_STATUSES] }, nextPollAt: { gt: now } },
    data: { nextPollAt: now },
  });
  await settleUnjudgedTasks(deps.db, now);
  const unfinished = await deps.db.task.count({ where: { status: { in: [...RUNNING_STATUSES] } } });
  const pending = await deps.db.media.count({ where: { status: { in: ["pending", "downloading"] } } });
  if (unfinished || pending || tasks.count) {
    deps.log.info(`[tracker] resuming ${unfinished} running task(s) and ${pending} pending download(s).`);
  }
}

const holder = globalThis as typeof globalThis & {
  __studioTracker?: Tracker;
  __studioDescriber?: ReturnType<typeof startDescriber>;
};

/** The process's one tracker (instrumentation.ts); a second call — or a hot reload — reuses it. */
export function ensureTrackerStarted(): Tracker {
  const { pollWorkers, downloadWorkers, downloadBudgetBytes, pollLeaseMs, downloadLeaseMs } = env().tracker;
  const deps = taskDeps({ polling: { leaseMs: pollLeaseMs }, downloads: { leaseMs: downloadLeaseMs } });
  // The describer (issue 25) works beside the tracker, which queues what it stores.
  holder.__studioDescriber ??= startDescriber(describerDeps({ db: deps.db }));
  holder.__studioTracker ??= startTracker(deps, {
    startDelayMs: 3_000,
    pollWorkers,
    downloadWorkers,
    downloadBudgetBytes,
  });
  return holder.__studioTracker;
}

/** This process's tracker, when it runs one (TRACKER=1 in a server process). */
export function runningTracker(): Tracker | undefined {
  return holder.__studioTracker;
}
