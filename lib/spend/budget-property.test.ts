import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBatchRunner } from "../batches/runner";
import { taskTestbed } from "../tasks/testing/task-fixtures";
import { createSubmitLimiter } from "./rate-limit";
import {
  pickAction,
  TASK_ACTIONS,
  TEXT_ACTIONS,
  type SpendAction,
  type SpendWorld,
} from "./testing/spend-actions";
import { startPricedUpstream, type PricedUpstream } from "./testing/priced-upstream";

/**
 * Issue 18's budget property: whatever a member does — submits, batches, the runner's sends,
 * retries, resumes, text calls (chat and the text API mirror) — with an upstream whose prices the studio has to learn (deterministic per
 * settings, unlike the estimator's price model), the day never ends above the daily limit plus one
 * task's (or one text call's) actual cost. Each sequence starts from an empty history, so estimates begin as defaults
 * and scaled guesses.
 */
const SEQUENCES = Number(process.env.BUDGET_PROPERTY_SEQUENCES ?? 50);
const STEPS = 20;

/** mulberry32: small, seeded, good enough to pick moves. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let upstream: PricedUpstream;
let bed: ReturnType<typeof taskTestbed>;

beforeAll(async () => {
  upstream = await startPricedUpstream();
  bed = taskTestbed();
  bed.deps.upstream = { baseUrl: `${upstream.url}/api`, apiKey: "sk-test", timeoutMs: 2000 };
});
afterAll(async () => {
  await upstream.close();
  await bed.cleanup();
});

/** Runs one seeded sequence; returns what the member spent today, the limit and the dearest task. */
export async function runSequence(seed: number, actions: readonly SpendAction[]) {
  const random = prng(seed);
  // A clean slate: no history, no batches, no reservations (the upstream's prices stay its own).
  await bed.db.batch.deleteMany();
  await bed.db.task.deleteMany();
  await bed.db.budgetReservation.deleteMany();
  await bed.db.textUsage.deleteMany();
  // Noon tomorrow: a sequence's minutes never straddle a budget's day.
  const noon = new Date();
  noon.setHours(36, 0, 0, 0);
  bed.setNow(noon.getTime());
  const limit = 3 + Math.floor(random() * 40);
  const user = await bed.db.user.create({ data: { email: `seq-${seed}@example.com`, name: "member" } });
  await bed.db.budget.create({ data: { userId: user.id, daily: limit, monthly: null } });
  const world: SpendWorld = {
    db: bed.db,
    deps: bed.deps,
    upstream,
    userId: user.id,
    viewer: { id: user.id, role: "member", via: "session" } as SpendWorld["viewer"],
    limiter: createSubmitLimiter(10_000)!,
    runner: startBatchRunner(bed.deps, { minIntervalMs: 0, startDelayMs: 2_000_000_000 }),
    random,
    advance: bed.advance,
  };
  const log: string[] = [];
  for (let step = 0; step < STEPS; step++) {
    const action = pickAction(world, actions);
    log.push(action.name);
    await action.run(world);
  }
  // The rest of the day: the runner sends what it may, the tracker settles everything.
  for (let round = 0; round < 100; round++) {
    await upstream.settleAll(bed.db);
    bed.advance(11_000);
    const due = await bed.db.batchItem.count({ where: { state: { in: ["planned", "sending"] } } });
    if (!due) break;
    await world.runner.tick();
  }
  await upstream.settleAll(bed.db);
  const tasks = await bed.db.task.findMany({ where: { userId: user.id }, select: { amount: true } });
  const texts = await bed.db.textUsage.findMany({ where: { spender: user.id }, select: { credits: true } });
  const amounts = [...tasks.map((t) => t.amount ?? 0), ...texts.map((t) => t.credits)];
  return {
    limit,
    spent: Math.round(amounts.reduce((a, b) => a + b, 0) * 100) / 100,
    dearest: Math.max(0, ...amounts),
    sent: upstream.creations(),
    log,
  };
}

describe("budget property", () => {
  it(`${SEQUENCES} random sequences never end a day above the limit plus one task's or text call's actual cost`, async () => {
    let reachedLimit = 0;
    for (let seed = 1; seed <= SEQUENCES; seed++) {
      const result = await runSequence(seed, [...TASK_ACTIONS, ...TEXT_ACTIONS]);
      const bound = result.limit + result.dearest;
      expect(result.spent, `seed ${seed}: ${result.log.join(" → ")}`).toBeLessThanOrEqual(bound + 1e-9);
      if (result.spent >= result.limit * 0.8) reachedLimit++;
      // Nothing is left half-sent.
      expect(await bed.db.batchItem.count({ where: { state: "sending" } })).toBe(0);
    }
    // The property is only worth something if members actually pushed against their limits.
    expect(reachedLimit).toBeGreaterThan(SEQUENCES / 4);
  }, 600_000);
});
