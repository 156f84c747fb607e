import { claimRows, leaseFree } from "../coordination/claim-rows";
import { Prisma } from "../generated/prisma/client";
import { taskDeps, type TaskDeps } from "../tasks/deps";
import { advanceSequence } from "./advance";
import { newLeaseHolder, type HeldLease } from "./lease";
import { videoPort, type VideoPort } from "./video-port";

export type SequenceRunnerOptions = { idleMs: number; leaseMs: number; startDelayMs: number };

const DEFAULTS: SequenceRunnerOptions = { idleMs: 1_000, leaseMs: 3 * 60_000, startDelayMs: 0 };

export type SequenceRunner = { tick(): Promise<string | null>; stop(): Promise<void> };

/**
 * Advances running sequences, one at a time. A sequence is claimed with a lease on
 * `Sequence.leaseUntil` in one statement (lib/coordination/claim-rows.ts), so across several
 * studio processes only one advances it; a process that dies lets its lease run out and another
 * (or itself after a restart) carries on from the shots' states and the takes' `sequenceShotId`.
 * Each claim carries a token (`leaseHolder`): renewals (before each take is sent) and the release
 * only touch the row while it still carries it, so a runner stalled past its lease stops once
 * another took the sequence over.
 */
export function startSequenceRunner(
  deps: TaskDeps = taskDeps(),
  video: VideoPort = videoPort(),
  options: Partial<SequenceRunnerOptions> = {},
): SequenceRunner {
  const { idleMs, leaseMs, startDelayMs } = { ...DEFAULTS, ...options };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let lastError = "";

  const tick = async (): Promise<string | null> => {
    const now = new Date(deps.now());
    const holder = newLeaseHolder();
    const [claimed] = await claimRows<{ id: string }>(deps.db, {
      table: "Sequence",
      set: Prisma.sql`"leaseUntil" = ${new Date(deps.now() + leaseMs)}, "leaseHolder" = ${holder}`,
      where: Prisma.sql`"state" = 'running' AND "nextRunAt" <= ${now} AND ${leaseFree(Prisma.sql`"leaseUntil"`, now)}`,
      orderBy: Prisma.sql`"nextRunAt" ASC, "id" ASC`,
      limit: 1,
      returning: ["id"],
    });
    if (!claimed) return null;
    const lease: HeldLease = {
      holder,
      renew: async () => {
        const renewed = await deps.db.sequence.updateMany({
          where: { id: claimed.id, leaseHolder: holder },
          data: { leaseUntil: new Date(deps.now() + leaseMs) },
        });
        return renewed.count > 0;
      },
    };
    try {
      return await advanceSequence(deps, video, lease, claimed.id, idleMs);
    } finally {
      // Only our own claim: one taken over by another instance is theirs to release.
      await deps.db.sequence.updateMany({
        where: { id: claimed.id, leaseHolder: holder },
        data: { leaseUntil: null, leaseHolder: null },
      });
    }
  };

  const loop = async () => {
    if (stopped) return;
    let wait = idleMs;
    const step = tick();
    running = step.catch(() => undefined);
    try {
      if ((await step) !== null) wait = 0;
    } catch (error) {
      const message = (error as Error)?.message ?? String(error);
      if (message !== lastError) deps.log.error("[sequences] runner step failed:", error);
      lastError = message;
    }
    if (!stopped) timer = setTimeout(loop, wait).unref();
  };
  timer = setTimeout(loop, startDelayMs).unref();

  return {
    tick,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

const holder = globalThis as typeof globalThis & { __studioSequenceRunner?: SequenceRunner };

/** The process's one sequence runner (instrumentation.ts); a hot reload reuses it. */
export function ensureSequenceRunnerStarted(): SequenceRunner {
  holder.__studioSequenceRunner ??= startSequenceRunner(taskDeps(), videoPort(), { startDelayMs: 3_000 });
  return holder.__studioSequenceRunner;
}
