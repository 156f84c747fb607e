import type { Viewer } from "../../auth/scope";
import { createBatch } from "../../batches/create-batch";
import { resumeBatch } from "../../batches/resume-batch";
import { retryBatchItem } from "../../batches/retry-item";
import type { BatchRunner } from "../../batches/runner";
import type { Db } from "../../db";
import { isStudioError } from "../../errors";
import type { TaskDeps } from "../../tasks/deps";
import { submitTask } from "../../tasks/submit-task";
import type { SubmitLimiter } from "../rate-limit";
import { admitTextCall } from "../text-admission";
import { finishTextCall } from "../text-usage";
import type { PricedUpstream } from "./priced-upstream";

/**
 * The budget property's moves: what a member can do that spends (or leads to spending), and what
 * happens around them (the runner sends, the tracker settles, time passes). A table, so that other
 * spending paths (chat, the text API mirror) join the property by adding rows.
 */
export type SpendWorld = {
  db: Db;
  deps: TaskDeps;
  upstream: PricedUpstream;
  userId: string;
  viewer: Viewer;
  limiter: SubmitLimiter;
  runner: BatchRunner;
  /** Seeded: the same seed replays the same sequence. */
  random: () => number;
  advance(ms: number): void;
};

export type SpendAction = { name: string; weight: number; run(world: SpendWorld): Promise<void> };

const pick = <T>(world: SpendWorld, list: readonly T[]): T => list[Math.floor(world.random() * list.length)];

/** Models and the settings a member picks from: sizes the price model can scale, and one it cannot. */
const MODELS: { model: string; durations: number[]; resolutions: (string | undefined)[] }[] = [
  { model: "sd2_disc_nvid", durations: [5, 10, 15], resolutions: ["480p", "720p", "1080p"] },
  { model: "sd_2.5_ORelay", durations: [4, 10, 30], resolutions: ["480p", "1080p", undefined] },
  { model: "videos_2.5_30_10_10_c6", durations: [5, 30], resolutions: [undefined] },
  { model: "vendors_5.0Pro", durations: [], resolutions: [undefined] },
];

function randomBody(world: SpendWorld): Record<string, unknown> {
  const spec = pick(world, MODELS);
  const body: Record<string, unknown> = { model: spec.model, prompt: `p${Math.floor(world.random() * 1e6)}` };
  if (spec.durations.length) body.duration = pick(world, spec.durations);
  const resolution = pick(world, spec.resolutions);
  if (resolution) body.resolution = resolution;
  return body;
}

/** Refusals a member meets (402, 429, 409): part of the game, not failures of the test. */
async function refusalsAllowed(action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (isStudioError(error) && ["budget_exceeded", "rate_limited", "conflict"].includes(error.code)) return;
    throw error;
  }
}

async function runningTaskIds(world: SpendWorld): Promise<string[]> {
  const rows = await world.db.task.findMany({
    where: { status: { in: ["queued", "processing"] } },
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

export const TASK_ACTIONS: SpendAction[] = [
  {
    name: "submit a task",
    weight: 4,
    run: (w) =>
      refusalsAllowed(() =>
        submitTask(randomBody(w), w.deps, { userId: w.userId, check: { limiter: w.limiter } }),
      ),
  },
  {
    name: "create a batch",
    weight: 2,
    run: (w) => {
      const { model, ...body } = randomBody(w);
      const request = { models: [model], body, variations: 1 + Math.floor(w.random() * 5) };
      return refusalsAllowed(() =>
        createBatch(w.db, request, { defaultIntervalMs: 0, userId: w.userId, check: { limiter: w.limiter } }),
      );
    },
  },
  {
    name: "the runner sends",
    weight: 4,
    run: async (w) => {
      for (let i = 1 + Math.floor(w.random() * 3); i > 0; i--) await w.runner.tick();
    },
  },
  {
    name: "the tracker settles some tasks",
    weight: 3,
    run: async (w) => {
      for (const id of await runningTaskIds(w))
        if (w.random() < 0.4) await w.upstream.settle(w.db, [id], w.random() < 0.15 ? "failed" : "completed");
    },
  },
  {
    name: "retry a batch item",
    weight: 2,
    run: async (w) => {
      const failed = await w.db.task.findMany({ where: { status: "failed" }, select: { id: true } });
      const candidates = await w.db.batchItem.findMany({
        where: { OR: [{ state: "rejected" }, { state: "sent", taskId: { in: failed.map((t) => t.id) } }] },
        select: { id: true, batchId: true },
      });
      if (!candidates.length) return;
      const item = pick(w, candidates);
      const now = new Date(w.deps.now());
      await refusalsAllowed(() =>
        retryBatchItem(w.db, w.viewer, item.batchId, item.id, {}, now, { limiter: w.limiter }),
      );
    },
  },
  {
    name: "resume a held batch",
    weight: 1,
    run: async (w) => {
      const held = await w.db.batchItem.findFirst({
        where: { state: "held_budget" },
        select: { batchId: true },
      });
      if (held)
        await refusalsAllowed(() =>
          resumeBatch(w.db, w.viewer, held.batchId, { limiter: w.limiter }, new Date(w.deps.now())),
        );
    },
  },
  {
    name: "time passes",
    weight: 1,
    run: async (w) => w.advance(11_000),
  },
];

/** A text call's price here: 2,000 credits per million input tokens, 6,000 per million output. */
const TEXT_PRICES = { models: {}, default: { input: 2_000, output: 6_000 } };

export const TEXT_ACTIONS: SpendAction[] = [
  {
    name: "a text call (chat or the text API mirror)",
    weight: 6,
    run: (w) =>
      refusalsAllowed(async () => {
        const source = pick(w, ["chat", "api"] as const);
        const call = await admitTextCall(
          w.db,
          { spender: w.userId, source, model: "sd2_disc_nvid" },
          { now: w.deps.now, ratePerMinute: 0 },
        );
        const usage = {
          promptTokenCount: 200 + Math.floor(w.random() * 1_800),
          candidatesTokenCount: 100 + Math.floor(w.random() * 500),
        };
        await finishTextCall(w.db, call, usage, "complete", { prices: TEXT_PRICES });
      }),
  },
];

export function pickAction(world: SpendWorld, actions: readonly SpendAction[]): SpendAction {
  const total = actions.reduce((sum, a) => sum + a.weight, 0);
  let roll = world.random() * total;
  for (const action of actions) {
    roll -= action.weight;
    if (roll < 0) return action;
  }
  return actions[actions.length - 1];
}
