import { studioMetrics } from "../metrics/studio-metrics";
import { taskDeps, type TaskDeps } from "../tasks/deps";
import { claimSendSlot, releaseSendSlot } from "./send-pace";
import { sendBatchItem, type BatchBackoff, type SendResult } from "./send-item";
import { settleInterruptedSends } from "./settle-interrupted";

export type BatchRunnerOptions = {
  /** Least time between two sends, whatever the batch (BATCH_INTERVAL_MS). */
  minIntervalMs: number;
  /** How often an idle runner looks for due items (a new batch also wakes it). */
  idleMs: number;
  /** Wait before the first send (the built-in sandbox upstream is this server, still starting). */
  startDelayMs: number;
  backoff: BatchBackoff;
  /**
   * A send still "sending" after this long is not running any more (the submit call gives up
   * after 60 s): it is settled like one interrupted by a restart. It is the claim's lease: until
   * then another studio process on the database may still be sending it, even at this one's start.
   */
  staleSendingMs: number;
};

const DEFAULT_BATCH_RUNNER_OPTIONS: BatchRunnerOptions = {
  minIntervalMs: 500,
  idleMs: 1_000,
  startDelayMs: 0,
  backoff: { firstMs: 5_000, maxMs: 5 * 60_000 },
  staleSendingMs: 3 * 60_000,
};

export type BatchRunner = {
  /** One step: sends the next due item, if any (resolves when its send is settled). */
  tick(): Promise<SendResult | null>;
  /** Look for due items now instead of at the next idle check. */
  wake(): void;
  stop(): Promise<void>;
};

/**
 * Sends planned batch items one at a time, in batch then plan order, at least `max(minIntervalMs,
 * batch.intervalMs)` apart — together with the runners of other studio processes, whose sends share
 * one pace row (send-pace.ts). Its state is only in the database: at start it settles what a previous
 * process left mid-send (sends older than `staleSendingMs`: a younger one may belong to another
 * studio process still sending it), then carries on with the planned items. Several runners (one
 * per process) never send one item twice: an item is claimed planned → sending in one statement.
 */
export function startBatchRunner(
  deps: TaskDeps = taskDeps(),
  options: Partial<BatchRunnerOptions> = {},
): BatchRunner {
  const { minIntervalMs, idleMs, startDelayMs, backoff, staleSendingMs } = {
    ...DEFAULT_BATCH_RUNNER_OPTIONS,
    ...options,
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let current: string | undefined;
  let lastError = { message: "", at: 0 };
  /** Only a runner waiting for work is woken early; one stepping or waiting out the pace is not. */
  let phase: "starting" | "stepping" | "idle" | "pacing" = "starting";

  /** When the last send started, and the gap it must leave: the pace counts from there. */
  let lastSendAt = 0;
  let lastPaceMs = 0;
  /** Set when another process's send holds the shared pace: how long until it allows the next. */
  let pacedByOthersMs: number | undefined;

  const tick = async (): Promise<SendResult | null> => {
    const now = deps.now();
    await settleInterruptedSends(deps, {
      sendingBefore: new Date(now - staleSendingMs),
      except: current ? [current] : [],
    });
    const item = await deps.db.batchItem.findFirst({
      where: { state: "planned", nextAttemptAt: { lte: new Date(now) } },
      orderBy: [{ batch: { createdAt: "asc" } }, { batchId: "asc" }, { index: "asc" }],
      select: {
        id: true,
        batchId: true,
        model: true,
        body: true,
        attempts: true,
        batch: { select: { intervalMs: true } },
      },
    });
    if (!item) return null;
    // The pace is shared by the runners of every studio process (send-pace.ts), not this one's alone.
    const paceMs = Math.max(minIntervalMs, item.batch?.intervalMs ?? 0);
    const slot = await claimSendSlot(deps.db, deps.now(), paceMs);
    if (!slot.claimed) {
      pacedByOthersMs = slot.retryInMs;
      return null;
    }
    current = item.id;
    lastSendAt = deps.now();
    lastPaceMs = paceMs;
    try {
      const result = await sendBatchItem(deps, item, backoff);
      if (result) studioMetrics().batches.sends.inc({ result: result.notSent ? "not_sent" : result.state });
      // Nothing reached the upstream (another runner's claim, held, waiting for a price): no pace used.
      if (!result || result.notSent) await releaseSendSlot(deps.db, deps.now());
      return result;
    } finally {
      current = undefined;
    }
  };

  const paceOf = (result: SendResult | null): number => {
    if (!result) {
      const wait = pacedByOthersMs ?? idleMs;
      pacedByOthersMs = undefined;
      return wait;
    }
    if (result.notSent) return 0;
    return Math.max(0, lastPaceMs - (deps.now() - lastSendAt));
  };

  const loop = async () => {
    if (stopped) return;
    phase = "stepping";
    let wait = idleMs;
    let sent = false;
    const step = tick().then((result) => {
      sent = result !== null;
      return paceOf(result);
    });
    running = step.catch(() => undefined);
    try {
      wait = await step;
    } catch (error) {
      // A failed step (database locked, not migrated yet) must not end the runner; say so once a minute.
      const message = (error as Error)?.message ?? String(error);
      if (message !== lastError.message || deps.now() - lastError.at > 60_000) {
        deps.log.error("[batches] runner step failed:", error);
        lastError = { message, at: deps.now() };
      }
    }
    phase = sent ? "pacing" : "idle";
    if (!stopped) timer = setTimeout(loop, wait).unref();
  };

  const started = new Promise((resolve) => setTimeout(resolve, startDelayMs).unref())
    .then(async () => {
      if (stopped) return;
      const settled = await settleInterruptedSends(deps, {
        sendingBefore: new Date(deps.now() - staleSendingMs),
      });
      if (settled.sent || settled.unknown)
        deps.log.info(
          `[batches] settled ${settled.sent + settled.unknown} send(s) a previous process left open: ` +
            `${settled.sent} sent, ${settled.unknown} outcome unknown.`,
        );
    })
    .catch((error: unknown) => deps.log.error("[batches] settling interrupted sends failed:", error))
    .then(loop);

  return {
    tick,
    wake: () => {
      if (stopped || phase !== "idle") return;
      clearTimeout(timer);
      timer = setTimeout(loop, 0).unref();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await started;
      await running;
    },
  };
}

const holder = globalThis as typeof globalThis & { __studioBatchRunner?: BatchRunner };

/** The process's one batch runner (instrumentation.ts); a second call — or a hot reload — reuses it. */
export function ensureBatchRunnerStarted(minIntervalMs: number): BatchRunner {
  holder.__studioBatchRunner ??= startBatchRunner(taskDeps(), { minIntervalMs, startDelayMs: 3_000 });
  return holder.__studioBatchRunner;
}

/** Tells the running batch runner (if this process has one) that new items are planned. */
export function wakeBatchRunner(): void {
  holder.__studioBatchRunner?.wake();
}
