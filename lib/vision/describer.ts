import "server-only";
import { randomUUID } from "node:crypto";
import { claimRows, leaseFree } from "../coordination/claim-rows";
import { readHeld, releaseLease, type LeaseColumns } from "../coordination/lease";
import { claimPaceSlot, releasePaceSlot } from "../coordination/pace-slot";
import type { Db } from "../db";
import { env } from "../env";
import { failureColumns, isStudioError, type Failure } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { spenderOf } from "../spend/owner";
import type { TextApiConfig } from "../upstream/text-client";
import { describeFailure } from "./describe-failure";
import { parseShown, type Shown } from "./description-schema";
import { describeRequest, retryRequest } from "./describe-request";
import { mediaParts } from "./media-input";
import { scoresTakesOf } from "./take-scores";
import { callVisionModel } from "./vision-call";

/**
 * The describer: takes pending TaskDescription rows one at a time, at most one per DESCRIBE_PACE_MS
 * in all studio processes together (a pace slot, lib/coordination/pace-slot.ts), each under a
 * lease (a process that dies mid-call lets it run out and another takes the row over), and writes
 * what the vision model saw. A row once done is never claimed again, so a backfill killed and run
 * again describes only what is left. The tracker runs it; `npm run admin -- describe` runs it too.
 */
export type DescriberDeps = {
  db: Db;
  model: string;
  paceMs: number;
  /** Longer than a call may take (TIMEOUT_MS), so a lease only runs out when its holder died. */
  leaseMs: number;
  now: () => number;
  config?: TextApiConfig;
  log: Pick<Console, "info" | "warn" | "error">;
};

const PACE_KEY = "vision:describe";
const CALL_TIMEOUT_MS = 120_000;
/** Upstream failures (5xx, unreachable) before an item is given up as failed. */
const MAX_ATTEMPTS = 3;
const LEASE: LeaseColumns = { table: "TaskDescription", holder: "leaseHolder", until: "leaseUntil" };

export function describerDeps(overrides: Partial<DescriberDeps> = {}): DescriberDeps {
  const { vision } = env();
  return {
    db: overrides.db!,
    model: vision.model,
    paceMs: vision.describePaceMs,
    leaseMs: 5 * 60_000,
    now: Date.now,
    log: console,
    ...overrides,
  };
}

export type DescribeStep =
  | { kind: "described" | "refused" | "failed" | "retry"; taskId: string }
  | { kind: "empty" }
  | { kind: "wait"; ms: number };

/** One step: waits for nothing, returns what it did (or how long the pace says to wait). */
export async function describeNext(deps: DescriberDeps): Promise<DescribeStep> {
  const { db } = deps;
  const now = deps.now();
  if (deps.paceMs > 0) {
    const slot = await claimPaceSlot(db, PACE_KEY, now, deps.paceMs);
    if (!slot.claimed) return { kind: "wait", ms: slot.retryInMs };
  }
  const token = randomUUID();
  const [row] = await claimRows<{ id: string; taskId: string }>(db, {
    table: "TaskDescription",
    set: Prisma.sql`"leaseHolder" = ${token}, "leaseUntil" = ${now + deps.leaseMs}, "attempts" = "attempts" + 1`,
    where: Prisma.sql`"status" = 'pending' AND ${leaseFree(Prisma.sql`"leaseUntil"`, now)}`,
    orderBy: Prisma.sql`"createdAt", "id"`,
    limit: 1,
    returning: ["id", "taskId"],
  });
  if (!row) {
    if (deps.paceMs > 0) await releasePaceSlot(db, PACE_KEY, now);
    return { kind: "empty" };
  }
  const finish = (set: Record<string, string | number | null>) => releaseLease(db, LEASE, row.id, token, set);
  const reason = (failure: Failure | null) => failureColumns(failure, "reason");
  try {
    const shown = await describeTask(deps, row.taskId);
    if (!shown) {
      await finish({ status: "failed", ...reason(describeFailure.noMedia()) });
      return { kind: "failed", taskId: row.taskId };
    }
    // An owner's edit made meanwhile wins over the model's caption and tags (not its score).
    const [held] = await readHeld<{ editedAt: unknown }>(db, LEASE, row.id, token, ["editedAt"]);
    if (!held || held.editedAt) {
      await finish({
        status: "done",
        ...(shown.ok
          ? { score: shown.value.score ?? null, scoreReason: shown.value.scoreReason ?? null }
          : {}),
      });
      return { kind: "described", taskId: row.taskId };
    }
    if (!shown.ok) {
      await finish({
        status: "failed",
        ...reason(describeFailure.invalidAnswer(shown.problem)),
        model: deps.model,
        tokens: shown.tokens,
        credits: shown.credits,
      });
      return { kind: "failed", taskId: row.taskId };
    }
    await finish({
      status: "done",
      caption: shown.value.caption,
      tags: JSON.stringify(shown.value.tags),
      shots: JSON.stringify(shown.value.shots),
      score: shown.value.score ?? null,
      scoreReason: shown.value.scoreReason ?? null,
      model: deps.model,
      tokens: shown.tokens,
      credits: shown.credits,
      ...reason(null),
    });
    return { kind: "described", taskId: row.taskId };
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    if (isStudioError(error) && error.code === "budget_exceeded") {
      // Visible on the item; the backfill queues it again once there is budget.
      await finish({ status: "refused", ...reason(describeFailure.refused(error)) });
      return { kind: "refused", taskId: row.taskId };
    }
    if (isStudioError(error) && error.code === "rate_limited") {
      const waitMs = Number(error.details?.retryAfterSeconds ?? 60) * 1000;
      await db.$executeRaw`UPDATE "TaskDescription" SET "leaseHolder" = NULL, "leaseUntil" = ${now + waitMs},
        "attempts" = "attempts" - 1 WHERE "id" = ${row.id} AND "leaseHolder" = ${token}`;
      return { kind: "retry", taskId: row.taskId };
    }
    const [held] = await db.$queryRaw<{ attempts: number }[]>`
      SELECT "attempts" FROM "TaskDescription" WHERE "id" = ${row.id}`;
    if ((held?.attempts ?? MAX_ATTEMPTS) >= MAX_ATTEMPTS) {
      await finish({ status: "failed", ...reason(describeFailure.failed(error)) });
      deps.log.warn(`[describe] task ${row.taskId}: ${message}; given up.`);
      return { kind: "failed", taskId: row.taskId };
    }
    // Tried again after a pause that grows with each failure.
    const waitMs = 30_000 * 3 ** ((held?.attempts ?? 1) - 1);
    await db.$executeRaw`UPDATE "TaskDescription" SET "leaseHolder" = NULL, "leaseUntil" = ${now + waitMs}
      WHERE "id" = ${row.id} AND "leaseHolder" = ${token}`;
    deps.log.warn(`[describe] task ${row.taskId}: ${message}; tried again later.`);
    return { kind: "retry", taskId: row.taskId };
  }
}

type Described = ({ ok: true; value: Shown } | { ok: false; problem: string }) & {
  tokens: number;
  credits: number;
};

/** Asks the model about one task's stored result; one retry when the answer does not fit. */
async function describeTask(deps: DescriberDeps, taskId: string): Promise<Described | null> {
  const task = await deps.db.task.findUnique({
    where: { id: taskId },
    select: {
      kind: true,
      prompt: true,
      userId: true,
      batchId: true,
      sequenceShotId: true,
      media: {
        where: { status: "stored", role: "result" },
        select: { path: true, contentType: true, size: true, durationSec: true },
        orderBy: { createdAt: "asc" },
        take: 1,
      },
    },
  });
  const stored = task?.media[0];
  if (!task || !stored?.path || !stored.contentType) return null;
  if (!/^(image|video)\//.test(stored.contentType)) return null;
  const input = await mediaParts({ ...stored, path: stored.path, contentType: stored.contentType });
  const score = await scoresTakesOf(deps.db, task);
  const first = describeRequest({
    kind: task.kind,
    prompt: task.prompt,
    as: input.as,
    media: input.parts,
    score,
  });
  const ask = (body: typeof first) =>
    callVisionModel(
      deps.db,
      { spender: spenderOf(task.userId), model: deps.model, body },
      { config: deps.config, now: deps.now, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) },
    );
  const answer = await ask(first);
  const checked = parseShown(answer.text, { score });
  if (checked.ok) return { ...checked, tokens: answer.tokens, credits: answer.credits };
  const again = await ask(retryRequest(first, answer.text, checked.problem));
  const rechecked = parseShown(again.text, { score });
  return { ...rechecked, tokens: answer.tokens + again.tokens, credits: answer.credits + again.credits };
}

/**
 * Runs `describeNext` until stopped: at the pace, and every `idleMs` when nothing is pending.
 * `until` ends it early (the backfill stops when its items are done).
 */
export function startDescriber(
  deps: DescriberDeps,
  options: { idleMs?: number; until?: (step: DescribeStep) => boolean } = {},
): { stop: () => Promise<void>; done: Promise<void>; wake: () => void } {
  let stopped = false;
  let wake = () => {};
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref?.();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const done = (async () => {
    while (!stopped) {
      let step: DescribeStep;
      try {
        step = await describeNext(deps);
      } catch (error) {
        deps.log.error("[describe] a step failed:", error);
        await sleep(options.idleMs ?? 1_000);
        continue;
      }
      if (options.until?.(step)) return;
      if (step.kind === "wait") await sleep(step.ms);
      else if (step.kind === "empty") await sleep(options.idleMs ?? 1_000);
    }
  })();
  return {
    done,
    wake: () => wake(),
    stop: async () => {
      stopped = true;
      wake();
      await done;
    },
  };
}
