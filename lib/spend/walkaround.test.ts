import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_V1_MAPPING } from "../catalog/v1";
import { createBatch } from "../batches/create-batch";
import { resumeBatch } from "../batches/resume-batch";
import { retryBatchItem } from "../batches/retry-item";
import { startBatchRunner } from "../batches/runner";
import { StudioError } from "../errors";
import { submitTask } from "../tasks/submit-task";
import { taskTestbed } from "../tasks/testing/task-fixtures";
import { estimateTask } from "./estimate";
import { createSubmitLimiter } from "./rate-limit";
import { startPricedUpstream, type PricedUpstream } from "./testing/priced-upstream";

/**
 * Issue 18, findings 1–3 (and issue 19's endpoint check), as an attacker tried them: each test
 * asserts on what the upstream heard (its request log), not on the studio's own bookkeeping.
 */
let upstream: PricedUpstream;
let bed: ReturnType<typeof taskTestbed>;
let price = 4.5;

beforeAll(async () => {
  upstream = await startPricedUpstream(() => price);
  bed = taskTestbed();
  // Noon tomorrow: the test's sends never straddle a budget's day, and items planned now are due.
  const noon = new Date();
  noon.setHours(36, 0, 0, 0);
  bed.setNow(noon.getTime());
  bed.deps.upstream = { baseUrl: `${upstream.url}/api`, apiKey: "sk-test", timeoutMs: 2000 };
});
afterAll(async () => {
  await upstream.close();
  await bed.cleanup();
});

const noLimiter = { limiter: null };
let counter = 0;

async function member(daily: number) {
  const row = await bed.db.user.create({ data: { email: `m${++counter}@example.com`, name: "m" } });
  await bed.db.budget.create({ data: { userId: row.id, daily, monthly: null } });
  return row.id;
}

async function seedCompleted(model: string, body: Record<string, unknown>, amount: number) {
  await bed.db.task.create({
    data: {
      id: `hist-${++counter}`,
      model,
      kind: "video",
      status: "completed",
      request: JSON.stringify({ model, prompt: "p", ...body }),
      amount,
      submittedAt: new Date(bed.now() - 3_600_000),
    },
  });
}

async function refusal(promise: Promise<unknown>): Promise<StudioError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StudioError);
  return error as StudioError;
}

/** A runner driven step by step (its own loop never starts in a test's time). */
const runner = () => startBatchRunner(bed.deps, { minIntervalMs: 0, startDelayMs: 2_000_000_000 });
const itemStates = async (batchId: string) =>
  (await bed.db.batchItem.findMany({ where: { batchId }, orderBy: { index: "asc" } })).map((i) => i.state);
const sentTaskIds = async (batchId: string) =>
  (await bed.db.task.findMany({ where: { batchId }, select: { id: true } })).map((t) => t.id);

describe("finding 1: a batch of a model nobody used spends without limit", () => {
  it("refuses a batch of 20 unknown 30 s tasks under a daily budget of 2: the upstream hears nothing", async () => {
    const id = await member(2);
    const model = "videos_2.5_30_10_10_c6";
    const before = upstream.creations();
    const error = await refusal(
      createBatch(
        bed.db,
        { models: [model], body: { prompt: "unknown price", duration: 30 }, variations: 20 },
        { defaultIntervalMs: 0, userId: id, check: noLimiter },
      ),
    );
    expect(error.code).toBe("budget_exceeded");
    // Counted at the video default (10 credits a task), never 0.
    expect(error.details).toMatchObject({ limit: 2, estimate: 200, uncertain: true });
    expect(error.message).toContain("this batch of 20 tasks ≈ 200 credits (estimate uncertain)");
    await runner().tick();
    expect(upstream.creations()).toBe(before);
  });

  it("re-admits every send: a batch whose tasks cost more than estimated stops at the budget, held, and resumes after a raise", async () => {
    const model = "sd2_disc_nvid";
    await seedCompleted(model, { duration: 12 }, 2);
    const id = await member(10);
    price = 4.5;
    const { id: batchId } = await createBatch(
      bed.db,
      { models: [model], body: { prompt: "dearer than thought", duration: 12 }, variations: 5 },
      { defaultIntervalMs: 0, userId: id, check: noLimiter },
    );
    const before = upstream.creations();
    const steps = runner();
    // Each send is settled (at 4.5) before the next: 4.5, then 9; a third would make 11 > 10.
    for (let i = 0; i < 5; i++) {
      await steps.tick();
      await upstream.settle(bed.db, await sentTaskIds(batchId).then((ids) => ids.slice(-1)));
    }
    expect(upstream.creations() - before).toBe(2);
    expect(await itemStates(batchId)).toEqual(["sent", "sent", "held_budget", "held_budget", "held_budget"]);
    const held = await bed.db.batchItem.findFirst({ where: { batchId, state: "held_budget" } });
    expect(held?.error).toContain("Over your daily budget: 9 credits spent today");
    // Held items are not sent, nor counted as running against the member's other submits.
    await steps.tick();
    expect(upstream.creations() - before).toBe(2);

    // Resume while the budget still does not allow the next: 402, nothing changes.
    const member0 = { id, role: "member" as const, via: "session" as const };
    const stillOver = await refusal(resumeBatch(bed.db, member0 as never, batchId, noLimiter));
    expect(stillOver.code).toBe("budget_exceeded");
    expect(await itemStates(batchId)).toContain("held_budget");

    // An admin raises the budget; the member resumes; the rest is sent, each checked again.
    await bed.db.budget.update({ where: { userId: id }, data: { daily: 30 } });
    expect(await resumeBatch(bed.db, member0 as never, batchId, noLimiter)).toEqual({ resumed: 3 });
    for (let i = 0; i < 3; i++) {
      await steps.tick();
      await upstream.settle(bed.db, await sentTaskIds(batchId).then((ids) => ids.slice(-1)));
    }
    expect(upstream.creations() - before).toBe(5);
    expect(await itemStates(batchId)).toEqual(["sent", "sent", "sent", "sent", "sent"]);
  });

  it("sends items of uncertain price one at a time: the first one's real price prices the rest", async () => {
    const model = "videos_2.5_30_10_10_c6";
    const id = await member(25);
    price = 4.5;
    // Unknown model price: 2 × the default 10 = 20 ≤ 25, admitted.
    const { id: batchId } = await createBatch(
      bed.db,
      { models: [model], body: { prompt: "one at a time", duration: 30 }, variations: 2 },
      { defaultIntervalMs: 0, userId: id, check: noLimiter },
    );
    const before = upstream.creations();
    const steps = runner();
    await steps.tick();
    await steps.tick();
    expect(upstream.creations() - before).toBe(1);
    const waiting = await bed.db.batchItem.findFirst({ where: { batchId, state: "planned" } });
    expect(waiting?.error).toMatch(/^Waiting: The price of this task is uncertain/);

    await upstream.settle(bed.db, await sentTaskIds(batchId));
    bed.advance(11_000);
    await steps.tick();
    expect(upstream.creations() - before).toBe(2);
    expect(await estimateTask(bed.db, model, { prompt: "x", duration: 30 })).toMatchObject({
      credits: 4.5,
      uncertain: false,
    });
  });
});

describe("finding 2: a cheap estimate for settings nobody used yet", () => {
  it("scales the nearest known settings by duration and resolution instead of the model's median", async () => {
    const model = "sd_2.5_ORelay";
    for (let i = 0; i < 5; i++) await seedCompleted(model, { duration: 4, resolution: "480p" }, 0.4);
    await seedCompleted(model, { duration: 10, resolution: "720p" }, 2);
    const estimate = await estimateTask(bed.db, model, { prompt: "x", duration: 30, resolution: "1080p" });
    // From 10 s 720p (the nearest): 2 × 30/10 × (1920·1080)/(1280·720) = 13.5; never 0.4.
    expect(estimate).toEqual({ credits: 13.5, basis: "scaled", samples: 1, uncertain: true });

    // Such tasks under a budget of 30: the first is sent, the next waits for its price.
    const id = await member(30);
    price = 4.5;
    const before = upstream.creations();
    const body = { model, prompt: "big", duration: 30, resolution: "1080p" };
    await submitTask(body, bed.deps, { userId: id, check: noLimiter });
    const waiting = await refusal(submitTask(body, bed.deps, { userId: id, check: noLimiter }));
    expect(waiting.details).toMatchObject({ reason: "price_uncertain" });
    await upstream.settleAll(bed.db);
    // Now priced by the same settings (4.5): six fit in 30 (27), a seventh does not.
    for (let i = 0; i < 5; i++) {
      await submitTask(body, bed.deps, { userId: id, check: noLimiter });
      await upstream.settleAll(bed.db);
    }
    const over = await refusal(submitTask(body, bed.deps, { userId: id, check: noLimiter }));
    expect(over.details).toMatchObject({ period: "day", spent: 27, estimate: 4.5, uncertain: false });
    expect(upstream.creations() - before).toBe(6);
  });
});

describe("finding 3: retrying a batch item skips the rate limit and the budget", () => {
  it("counts a retry as a submit: 429 over the rate, 402 over the budget, nothing re-planned or sent", async () => {
    const model = "sd2_disc_nvid";
    const id = await member(100);
    price = 3;
    const { id: batchId } = await createBatch(
      bed.db,
      { models: [model], body: { prompt: "retry me", duration: 8 }, variations: 1 },
      { defaultIntervalMs: 0, userId: id, check: noLimiter },
    );
    await runner().tick();
    const [taskId] = await sentTaskIds(batchId);
    await upstream.settle(bed.db, [taskId], "failed");
    const item = (await bed.db.batchItem.findFirst({ where: { batchId } }))!;
    const viewer = { id, role: "member" as const, via: "session" as const } as never;
    const before = upstream.creations();

    const limiter = createSubmitLimiter(1)!;
    await limiter.consume(bed.db, id);
    const limited = await refusal(
      retryBatchItem(bed.db, viewer, batchId, item.id, {}, new Date(), { limiter }),
    );
    expect(limited.code).toBe("rate_limited");

    await bed.db.budget.update({ where: { userId: id }, data: { daily: 1 } });
    const over = await refusal(retryBatchItem(bed.db, viewer, batchId, item.id, {}, new Date(), noLimiter));
    expect(over.code).toBe("budget_exceeded");
    expect((await bed.db.batchItem.findUnique({ where: { id: item.id } }))?.state).toBe("sent");
    await runner().tick();
    expect(upstream.creations()).toBe(before);

    // Within the budget the retry is planned, and the runner sends it.
    await bed.db.budget.update({ where: { userId: id }, data: { daily: 100 } });
    await retryBatchItem(bed.db, viewer, batchId, item.id, {}, new Date(bed.now()), noLimiter);
    await runner().tick();
    expect(upstream.creations()).toBe(before + 1);
  });
});

describe("issue 19: a task API model sent to a v1 path", () => {
  it("is refused for the path it belongs to, not for its v1-shaped body", async () => {
    const via = SANDBOX_V1_MAPPING[0].path;
    const error = await refusal(
      submitTask({ model: "sd_2.5_ORelay", prompt: "x", seconds: 8 }, bed.deps, { userId: null, via }),
    );
    expect(error.code).toBe("invalid_request");
    expect(error.message).toBe(
      `model: sd_2.5_ORelay is a task API model, not a model of /v1/${via}/videos; send it to /v2/model-center/tasks`,
    );
  });
});
