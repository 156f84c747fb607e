import { removeStaleTempFiles } from "../storage/files";
import { signedExpiry } from "../upstream/url-expiry";
import { taskDeps, type TaskDeps } from "./deps";
import { downloadMedia } from "./download-media";
import { pollTask } from "./refresh-task";
import { awaitingResultUrlsWhere } from "./result-url-grace";

export type TrackerOptions = {
  /** How often the tracker looks for due polls and downloads (their own schedules live in the DB). */
  tickMs: number;
  /** Wait before the first pass (the built-in sandbox upstream is this server, still starting). */
  startDelayMs: number;
  pollConcurrency: number;
  downloadConcurrency: number;
};

export const DEFAULT_TRACKER_OPTIONS: TrackerOptions = {
  tickMs: 1_000,
  startDelayMs: 0,
  pollConcurrency: 4,
  // Four at once: two large, slow downloads must not hold up others whose URLs are about to expire.
  downloadConcurrency: 4,
};

/** How many due downloads are looked at to pick the most urgent. */
const DOWNLOAD_CANDIDATES = 50;

export type Tracker = {
  /** One pass: start due polls and downloads (does not wait for them). */
  tick(): Promise<void>;
  /** Resolves when no poll or download is running. */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * The background loop that needs no browser: polls every running task when its nextPollAt is due
 * (5–10 s apart, backing off on upstream errors) — and, for a short grace period, a task that
 * completed without any result URL — and downloads every pending media file. All of
 * its state lives in the database, so a new process simply carries on where the last one stopped.
 */
export function startTracker(deps: TaskDeps = taskDeps(), options: Partial<TrackerOptions> = {}): Tracker {
  const { tickMs, startDelayMs, pollConcurrency, downloadConcurrency } = {
    ...DEFAULT_TRACKER_OPTIONS,
    ...options,
  };
  const polls = new Map<string, Promise<unknown>>();
  const downloads = new Map<string, Promise<unknown>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastError = { message: "", at: 0 };

  const track = (
    jobs: Map<string, Promise<unknown>>,
    id: string,
    job: () => Promise<unknown>,
    what: string,
  ) => {
    const running = job()
      .catch((error: unknown) => deps.log.error(`[tracker] ${what} ${id} failed:`, error))
      .finally(() => jobs.delete(id));
    jobs.set(id, running);
  };

  const tick = async () => {
    const now = new Date(deps.now());
    const freePolls = pollConcurrency - polls.size;
    if (freePolls > 0) {
      const due = await deps.db.task.findMany({
        where: {
          OR: [{ status: { in: ["queued", "processing"] } }, awaitingResultUrlsWhere(now.getTime())],
          nextPollAt: { lte: now },
          id: { notIn: [...polls.keys()] },
        },
        orderBy: { nextPollAt: "asc" },
        take: freePolls,
        select: { id: true },
      });
      for (const { id } of due) track(polls, id, () => pollTask(id, deps), "polling task");
    }
    const freeDownloads = downloadConcurrency - downloads.size;
    if (freeDownloads > 0) {
      const due = await deps.db.media.findMany({
        where: { status: "pending", nextAttemptAt: { lte: now }, id: { notIn: [...downloads.keys()] } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: DOWNLOAD_CANDIDATES,
        select: { id: true, sourceUrl: true, createdAt: true },
      });
      for (const { id } of mostUrgentFirst(due).slice(0, freeDownloads)) {
        track(downloads, id, () => downloadMedia(id, deps), "downloading media");
      }
    }
  };

  const loop = async () => {
    if (stopped) return;
    try {
      await tick();
    } catch (error) {
      // A broken tick (database locked, not migrated yet) must not end tracking; say so once a minute.
      const message = (error as Error)?.message ?? String(error);
      if (message !== lastError.message || deps.now() - lastError.at > 60_000) {
        deps.log.error("[tracker] tick failed:", error);
        lastError = { message, at: deps.now() };
      }
    }
    if (!stopped) timer = setTimeout(loop, tickMs).unref();
  };

  const started = new Promise((resolve) => setTimeout(resolve, startDelayMs).unref())
    .then(() => (stopped ? undefined : resume(deps)))
    .catch((error: unknown) => deps.log.error("[tracker] resuming unfinished work failed:", error))
    .then(loop);

  const idle = async () => {
    await started;
    while (polls.size || downloads.size) await Promise.allSettled([...polls.values(), ...downloads.values()]);
  };

  return {
    tick,
    idle,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await idle();
    },
  };
}

/**
 * URLs that say when they expire go first, soonest first; then the rest, oldest first (the media
 * row is created when its task completes). The candidates arrive oldest first, and sort is stable.
 */
function mostUrgentFirst<T extends { sourceUrl: string }>(media: T[]): T[] {
  const expiry = new Map(media.map((m) => [m, signedExpiry(m.sourceUrl)?.getTime() ?? Infinity]));
  return [...media].sort((a, b) => {
    const [x, y] = [expiry.get(a)!, expiry.get(b)!];
    return x === y ? 0 : x < y ? -1 : 1;
  });
}

/**
 * Work a previous process left behind: downloads it was in the middle of start over (its temp files
 * go; a live download touches its temp file at least every idle timeout), and tasks it had backed
 * off from are asked about again now.
 */
async function resume(deps: TaskDeps): Promise<void> {
  const now = new Date(deps.now());
  await removeStaleTempFiles("tasks", 5 * deps.downloads.idleTimeoutMs);
  const media = await deps.db.media.updateMany({
    where: { status: "downloading" },
    data: { status: "pending", nextAttemptAt: now },
  });
  const tasks = await deps.db.task.updateMany({
    where: { status: { in: ["queued", "processing"] }, nextPollAt: { gt: now } },
    data: { nextPollAt: now },
  });
  const unfinished = await deps.db.task.count({ where: { status: { in: ["queued", "processing"] } } });
  const pending = await deps.db.media.count({ where: { status: "pending" } });
  if (unfinished || pending || media.count || tasks.count) {
    deps.log.info(`[tracker] resuming ${unfinished} running task(s) and ${pending} pending download(s).`);
  }
}

const holder = globalThis as typeof globalThis & { __studioTracker?: Tracker };

/** The process's one tracker (instrumentation.ts); a second call — or a hot reload — reuses it. */
export function ensureTrackerStarted(): Tracker {
  holder.__studioTracker ??= startTracker(taskDeps(), { startDelayMs: 3_000 });
  return holder.__studioTracker;
}
