import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/components/i18n/testing/issue-words";
import { createBatch } from "../batches/create-batch";
import { createDb } from "../db-client";
import { StudioError } from "../errors";
import { errorResponse } from "../http/respond";
import { submitTask } from "../tasks/submit-task";
import { taskTestbed } from "../tasks/testing/task-fixtures";
import { startFakeUpstream, type FakeUpstream } from "../upstream/testing/fake-upstream";
import { admitSubmission, budgetStatus } from "./budget-check";
import { setLocalBudget } from "./budgets";
import { estimateTask } from "./estimate";
import { estimateRequest } from "./estimate-request";
import { spendReport } from "./ledger";
import { dayKey } from "./periods";
import { createSubmitLimiter } from "./rate-limit";

let upstream: FakeUpstream;
let bed: ReturnType<typeof taskTestbed>;
let counter = 0;

beforeAll(async () => {
  upstream = await startFakeUpstream(() => ({
    json: { id: `up-${++counter}`, object: "video", status: "queued", created: 1_763_000_000 },
  }));
  bed = taskTestbed();
  bed.deps.upstream = { baseUrl: `${upstream.url}/api`, apiKey: "sk-test", timeoutMs: 2000 };
});
afterAll(async () => {
  await upstream.close();
  await bed.cleanup();
});

const posts = () => upstream.count("/api/v2/model-center/tasks", "POST");
const noLimiter = { limiter: null };

async function user(email: string, budget?: { daily?: number | null; monthly?: number | null }) {
  const row = await bed.db.user.create({ data: { email, name: email } });
  if (budget) await bed.db.budget.create({ data: { userId: row.id, daily: null, monthly: null, ...budget } });
  return row.id;
}

/** A task as the tracker leaves it: `amount` from the upstream, its request as sent. */
async function seedTask(t: {
  model?: string;
  body?: Record<string, unknown>;
  amount: number | null;
  status?: string;
  userId?: string | null;
  batchId?: string | null;
  at?: Date;
}) {
  const model = t.model ?? "sd_2.5_ORelay";
  await bed.db.task.create({
    data: {
      id: `seed-${++counter}`,
      model,
      kind: "video",
      status: t.status ?? "completed",
      request: JSON.stringify({ model, prompt: "p", ...t.body }),
      amount: t.amount,
      userId: t.userId ?? null,
      batchId: t.batchId ?? null,
      submittedAt: t.at ?? new Date(bed.now()),
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

describe("estimate", () => {
  // A model of its own per test keeps histories apart: sd2_disc_nvid here.
  it("is the median of completed tasks with the same parameters, then the same size, then scaled, then a default", async () => {
    const model = "sd2_disc_nvid";
    for (const amount of [1, 2, 9])
      await seedTask({ model, body: { duration: 5, resolution: "720p" }, amount });
    await seedTask({ model, body: { duration: 10, resolution: "720p" }, amount: 4 });
    await seedTask({ model, body: { duration: 10, resolution: "720p" }, amount: 6 });
    // Failed tasks and tasks without an amount say nothing about the price.
    await seedTask({ model, body: { duration: 5, resolution: "720p" }, amount: 100, status: "failed" });
    await seedTask({ model, body: { duration: 5, resolution: "720p" }, amount: null });

    // duration 5 and resolution 720p are this model's defaults: left out, they still match.
    expect(await estimateTask(bed.db, model, { prompt: "x" })).toEqual({
      credits: 2,
      basis: "same_parameters",
      samples: 3,
      uncertain: false,
    });
    expect(await estimateTask(bed.db, model, { duration: 10, resolution: "720p" })).toMatchObject({
      credits: 5,
      basis: "same_parameters",
    });
    // Another aspect ratio was never run: the same duration and resolution still price it.
    expect(await estimateTask(bed.db, model, { duration: 10, aspect_ratio: "9:16" })).toMatchObject({
      credits: 5,
      basis: "same_size",
      samples: 2,
      uncertain: true,
    });
    // A duration never run: the nearest (10 s, median 5) scaled by 15 / 10 — not the model's median (4).
    expect(await estimateTask(bed.db, model, { duration: 15 })).toMatchObject({
      credits: 7.5,
      basis: "scaled",
      samples: 2,
      uncertain: true,
    });
    // A model nobody has run yet: its kind's conservative default (an image: 2), never 0.
    expect(await estimateTask(bed.db, "vendors-5.0", { prompt: "x" })).toEqual({
      credits: 2,
      basis: "default",
      samples: 0,
      uncertain: true,
    });
  });
});

describe("estimate request (the form's ≈ N credits)", () => {
  it("estimates a body that does not validate yet, with what is left of the budget; an unknown model is a 400", async () => {
    const id = await user("form@example.com", { daily: 10 });
    for (let i = 0; i < 3; i++) await seedTask({ body: { duration: 20 }, amount: 3 });
    await seedTask({ body: { duration: 20 }, amount: 3, userId: id });
    // An empty prompt is still being typed, a resolution not chosen yet (the form's ""): the
    // duration is what prices it, the blank is the default.
    expect(
      await estimateRequest(bed.db, id, { model: "sd_2.5_ORelay", prompt: "", duration: 20, resolution: "" }),
    ).toMatchObject({
      model: "sd_2.5_ORelay",
      estimate: { credits: 3, basis: "same_parameters", samples: 4 },
      budget: [{ period: "day", limit: 10, spent: 3, running: 0 }],
    });
    const error = await refusal(estimateRequest(bed.db, id, { model: "no-such-model" }));
    expect(error.status).toBe(400);
    expect(error.code).toBe("unknown_model");
    const notObject = await refusal(estimateRequest(bed.db, id, ["sd_2.5_ORelay"]));
    expect(notObject.issues).toEqual([
      {
        path: "body",
        message: "must be a JSON object with model and its parameters",
        code: "body_not_object",
      },
    ]);
    expect(inChinese(notObject.issues[0])).toBe("须为 JSON 对象");
  });
});

describe("budget on submit", () => {
  it("refuses with 402 and the numbers when spent + running + estimate would pass the daily limit; nothing is sent", async () => {
    const id = await user("daily@example.com", { daily: 5 });
    // History of sd_2.5_ORelay at 8 s: 2 credits a task.
    for (let i = 0; i < 3; i++) await seedTask({ body: { duration: 8 }, amount: 2 });
    await seedTask({ body: { duration: 8 }, amount: 2, userId: id }); // settled: 2
    await seedTask({ body: { duration: 8 }, amount: null, status: "processing", userId: id }); // running ≈ 2
    // Yesterday's spend does not count today.
    await seedTask({ amount: 50, userId: id, at: new Date(bed.now() - 86_400_000 * 1.5) });

    const before = posts();
    const error = await refusal(
      submitTask({ model: "sd_2.5_ORelay", prompt: "one more", duration: 8 }, bed.deps, {
        userId: id,
        check: noLimiter,
      }),
    );
    expect(posts()).toBe(before);
    expect(error.code).toBe("budget_exceeded");
    expect(error.status).toBe(402);
    expect(error.details).toMatchObject({ period: "day", limit: 5, spent: 2, running: 2, estimate: 2 });
    expect(error.message).toContain("Over your daily budget: 2 credits spent and 2 running today");
    expect(error.message).toContain("this task ≈ 2 credits; the limit is 5 credits");

    const response = errorResponse(error);
    expect(response.status).toBe(402);
    expect((await response.json()).error).toMatchObject({
      code: "budget_exceeded",
      spent: 2,
      running: 2,
      estimate: 2,
      limit: 5,
      period: "day",
    });
    expect(await bed.db.task.count({ where: { userId: id, prompt: "one more" } })).toBe(0);
  });

  it("sends within the budget, stores who sent it, and counts it as running for the next submit", async () => {
    const id = await user("within@example.com", { daily: null, monthly: 3 });
    for (let i = 0; i < 3; i++) await seedTask({ body: { duration: 6 }, amount: 1.5 });
    const owner = { userId: id, check: noLimiter };
    const task = await submitTask({ model: "sd_2.5_ORelay", prompt: "first", duration: 6 }, bed.deps, owner);
    expect(task.userId).toBe(id);
    await submitTask({ model: "sd_2.5_ORelay", prompt: "second", duration: 6 }, bed.deps, owner);

    const before = posts();
    const error = await refusal(
      submitTask({ model: "sd_2.5_ORelay", prompt: "third", duration: 6 }, bed.deps, owner),
    );
    expect(posts()).toBe(before);
    expect(error.details).toMatchObject({ period: "month", limit: 3, spent: 0, running: 3, estimate: 1.5 });
  });

  it("counts a task of a model without history at its kind's default, never 0, one at a time", async () => {
    // vendors_5.0Pro has no completed task anywhere in this database: an image, 2 credits by default.
    const id = await user("unknown@example.com", { daily: 1 });
    const owner = { userId: id, check: noLimiter };
    const before = posts();
    const error = await refusal(
      submitTask({ model: "vendors_5.0Pro", prompt: "no history" }, bed.deps, owner),
    );
    expect(posts()).toBe(before);
    expect(error.details).toMatchObject({ period: "day", limit: 1, spent: 0, estimate: 2, uncertain: true });
    expect(error.message).toContain("this task ≈ 2 credits (estimate uncertain)");

    // Room for two, but the first one's price is not known yet: the second waits for it.
    await bed.db.budget.update({ where: { userId: id }, data: { daily: 5 } });
    await submitTask({ model: "vendors_5.0Pro", prompt: "first" }, bed.deps, owner);
    const waiting = await refusal(submitTask({ model: "vendors_5.0Pro", prompt: "second" }, bed.deps, owner));
    expect(waiting.code).toBe("budget_exceeded");
    expect(waiting.details).toMatchObject({ reason: "price_uncertain", inFlight: 1 });
    expect(posts()).toBe(before + 1);
  });

  it("applies to the implicit local user when one is set (accounts off)", async () => {
    await setLocalBudget(bed.db, { daily: 0 });
    const error = await refusal(
      submitTask({ model: "sd_2.5_ORelay", prompt: "local", duration: 8 }, bed.deps, {
        userId: null,
        check: noLimiter,
      }),
    );
    expect(error.details).toMatchObject({ period: "day", limit: 0 });
    await setLocalBudget(bed.db, { daily: null });
  });

  it("checks a batch as a whole: the sum of its items' estimates, nothing stored when refused", async () => {
    const id = await user("batch@example.com", { daily: 5 });
    for (let i = 0; i < 3; i++) await seedTask({ model: "sd2_disc_nvid", body: { duration: 12 }, amount: 2 });
    const options = { defaultIntervalMs: 0, userId: id, check: noLimiter };
    const request = { models: ["sd2_disc_nvid"], body: { prompt: "boats", duration: 12 }, variations: 3 };

    const error = await refusal(createBatch(bed.db, request, options));
    expect(error.code).toBe("budget_exceeded");
    expect(error.details).toMatchObject({ period: "day", limit: 5, spent: 0, running: 0, estimate: 6 });
    expect(error.message).toContain("this batch of 3 tasks ≈ 6 credits");
    expect(await bed.db.batch.count({ where: { userId: id } })).toBe(0);

    // Two variations fit (4 ≤ 5); their planned items then count as running for the next check.
    await createBatch(bed.db, { ...request, variations: 2 }, options);
    const status = await budgetStatus(bed.db, id, new Date(bed.now()));
    expect(status.periods.find((p) => p.period === "day")).toMatchObject({ spent: 0, running: 4 });
    const next = await refusal(
      submitTask({ model: "sd2_disc_nvid", prompt: "one", duration: 12 }, bed.deps, {
        userId: id,
        check: noLimiter,
      }),
    );
    expect(next.details).toMatchObject({ running: 4, estimate: 2 });
  });
});

describe("budget admission across studio processes", () => {
  it("never lets two processes both admit submits that together pass a user's budget", async () => {
    // A model of its own: one completed task priced 2 credits by someone else.
    const model = "videos_30_10_10_c4";
    await seedTask({ model, amount: 2, userId: await user("price-setter@example.com") });
    const estimate = 2;
    // Room for exactly one: five attempts in this process and five in another, all at once.
    const id = await user("two-processes@example.com", { daily: 3 });
    const script = path.join(import.meta.dirname, "testing/admit-process.ts");
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", script, bed.databaseUrl, id, model, "5"],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    let out = "";
    const ready = new Promise<void>((resolve) =>
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.startsWith("ready\n")) resolve();
      }),
    );
    const other = new Promise<{ admitted: number; refused: number }>((resolve, reject) =>
      child.once("exit", (code) =>
        code === 0 ? resolve(JSON.parse(out.slice("ready\n".length))) : reject(new Error(`exit ${code}`)),
      ),
    );
    await ready;
    const startAt = Date.now() + 200;
    child.stdin.end(String(startAt));
    await new Promise((resolve) => setTimeout(resolve, startAt - Date.now()));
    const here = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        admitSubmission(bed.db, id, [{ model, body: { model, prompt: "p" } }], noLimiter),
      ),
    );
    const there = await other;
    const admittedHere = here.filter((o) => o.status === "fulfilled").length;
    expect(admittedHere + there.admitted).toBe(1);
    for (const o of here)
      if (o.status === "rejected") expect((o.reason as StudioError).code).toBe("budget_exceeded");

    // The admitted one stays reserved for every process until its task row is stored (or it expires).
    const status = await budgetStatus(bed.db, id, new Date());
    expect(status.periods[0].running).toBe(estimate);
    for (const o of here) if (o.status === "fulfilled") await o.value();
    if (admittedHere) expect((await budgetStatus(bed.db, id, new Date())).periods[0].running).toBe(0);
  }, 60_000);
});

describe("submit rate limit", () => {
  it("answers 429 with Retry-After past N submits a minute, per user, before anything is sent", async () => {
    const id = await user("fast@example.com");
    const other = await user("other@example.com");
    const limiter = createSubmitLimiter(2)!;
    const owner = { userId: id, check: { limiter } };
    await submitTask({ model: "sd_2.5_ORelay", prompt: "r1" }, bed.deps, owner);
    await submitTask({ model: "sd_2.5_ORelay", prompt: "r2" }, bed.deps, owner);

    const before = posts();
    const error = await refusal(submitTask({ model: "sd_2.5_ORelay", prompt: "r3" }, bed.deps, owner));
    expect(posts()).toBe(before);
    expect(error.code).toBe("rate_limited");
    const response = errorResponse(error);
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await response.json()).error.message).toMatch(/at most 2 tasks or batches per minute/);

    // Batch creation draws on the same allowance; another user has their own.
    const batch = { models: ["sd_2.5_ORelay"], body: { prompt: "b" } };
    const batchError = await refusal(
      createBatch(bed.db, batch, { defaultIntervalMs: 0, userId: id, check: { limiter } }),
    );
    expect(batchError.code).toBe("rate_limited");
    await submitTask({ model: "sd_2.5_ORelay", prompt: "o1" }, bed.deps, {
      userId: other,
      check: { limiter },
    });
  });
});

describe("submit rate limit across studio processes", () => {
  it("is one allowance per user for every process on the database, refused with the time left", async () => {
    const id = await user("shared-rate@example.com");
    // Two processes: each its own Prisma client on the file and its own limiter object.
    const other = createDb(bed.databaseUrl);
    try {
      const here = createSubmitLimiter(3)!;
      const there = createSubmitLimiter(3)!;
      const t0 = Date.now();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          i % 2 ? here.consume(bed.db, id, t0) : there.consume(other, id, t0),
        ),
      );
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
      const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as StudioError] : []));
      expect(refused.every((e) => e.code === "rate_limited")).toBe(true);
      const response = errorResponse(refused[0]);
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("Retry-After"))).toBe(60);

      // 45 s later the other process still refuses, naming the 15 s left; a minute on, both count anew.
      const later = await refusal(there.consume(other, id, t0 + 45_000));
      expect(later.details).toMatchObject({ retryAfterSeconds: 15 });
      await here.consume(bed.db, id, t0 + 60_001);
      await there.consume(other, id, t0 + 60_002);
    } finally {
      await other.$disconnect();
    }
  });
});

describe("ledger", () => {
  it("sums credits per day, model and user, and chat tokens per model, from the stored rows", async () => {
    const a = await user("ledger-a@example.com");
    const b = await user("ledger-b@example.com");
    const today = new Date(bed.now());
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1, 12);
    await seedTask({ model: "vendorm-H3-768p", amount: 1.25, userId: a });
    await seedTask({ model: "vendorm-H3-768p", amount: 0.75, userId: a, at: yesterday });
    await seedTask({ model: "vendorm-H3-2K-c1", amount: 3, userId: b });
    // A batch item's task is its batch's creator's (the runner sends it as theirs).
    const batch = await bed.db.batch.create({ data: { plan: "{}", intervalMs: 0, userId: b } });
    await seedTask({ model: "vendorm-H3-2K-c1", amount: 2, batchId: batch.id, userId: b });
    const chat = await bed.db.conversation.create({ data: { model: "llm-2.5-pro", userId: a } });
    const answer = await bed.db.message.create({
      data: {
        conversationId: chat.id,
        role: "model",
        parts: "[]",
        model: "llm-2.5-pro",
        promptTokenCount: 100,
        candidatesTokenCount: 20,
        totalTokenCount: 120,
      },
    });
    // Text usage is read from the text ledger only (the answer's own counts are not added again).
    await bed.db.textUsage.create({
      data: {
        spender: a,
        source: "chat",
        model: "llm-2.5-pro",
        messageId: answer.id,
        promptTokens: 100,
        candidatesTokens: 20,
        totalTokens: 120,
        credits: 0.5,
        status: "complete",
      },
    });

    const range = { from: dayKey(yesterday), to: dayKey(today) };
    const forA = await spendReport(bed.db, { ...range, userId: a });
    expect(forA.totals).toEqual({
      credits: 2,
      tasks: 2,
      running: 0,
      chatTokens: 120,
      textTokens: 120,
      textCredits: 0.5,
      textCalls: 1,
    });
    expect(forA.days).toEqual([
      { day: dayKey(yesterday), credits: 0.75, tasks: 1, byModel: { "vendorm-H3-768p": 0.75 } },
      { day: dayKey(today), credits: 1.25, tasks: 1, byModel: { "vendorm-H3-768p": 1.25 } },
    ]);
    expect(forA.chat.models).toEqual([
      { model: "llm-2.5-pro", messages: 1, promptTokens: 100, candidatesTokens: 20, totalTokens: 120 },
    ]);
    expect(forA.users).toBeNull();
    expect(forA.user).toEqual({ id: a, label: "ledger-a@example.com" });

    const forB = await spendReport(bed.db, { ...range, userId: b });
    expect(forB.models).toEqual([{ model: "vendorm-H3-2K-c1", credits: 5, tasks: 2 }]);

    const all = await spendReport(bed.db, { ...range, userId: null });
    expect(all.users).toEqual(
      expect.arrayContaining([
        {
          userId: b,
          label: "ledger-b@example.com",
          credits: 5,
          tasks: 2,
          chatTokens: 0,
          textTokens: 0,
          textCredits: 0,
        },
        {
          userId: a,
          label: "ledger-a@example.com",
          credits: 2,
          tasks: 2,
          chatTokens: 120,
          textTokens: 120,
          textCredits: 0.5,
        },
      ]),
    );
  });
});
