import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/lib/testing/zh-failure";
import { LOCAL_USER } from "../auth/local-user";
import type { Db } from "../db";
import { readFailure } from "../errors";
import { taskTestbed } from "../tasks/testing/task-fixtures";
import { upstreamSecrets } from "../upstream/public-text";
import { startFakeUpstream, type CannedAnswer, type FakeUpstream } from "../upstream/testing/fake-upstream";
import { createBatch } from "./create-batch";
import { getBatch } from "./read-batches";
import { sendBatchItem } from "./send-item";
import { INTERRUPTED_MESSAGE, settleInterruptedSends } from "./settle-interrupted";

let bed: ReturnType<typeof taskTestbed>;
let upstream: FakeUpstream;
let answer: (prompt: string) => CannedAnswer;
const queued = (): CannedAnswer => ({ status: 200, json: { id: `up-${Math.random()}`, status: "queued" } });

beforeAll(async () => {
  bed = taskTestbed({ now: Date.now });
  answer = queued;
  upstream = await startFakeUpstream((request) =>
    answer((JSON.parse(request.body || "{}") as { prompt: string }).prompt),
  );
  bed.deps.upstream = { baseUrl: upstream.url, apiKey: "test-key", timeoutMs: 3_000 };
});
afterAll(async () => {
  await upstream.close();
  await bed.cleanup();
});

/** A kept failure as the batch page words it on a Chinese page. */
const chinese = inChinese;

const backoff = { firstMs: 2_000, maxMs: 2_000 };
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 10)}`;

/** The first planned item of a new batch of `variations` items (owned by `userId`). */
async function plannedItem(prompt: string, userId: string | null = null, variations = 1) {
  const { id } = await createBatch(
    bed.db,
    { models: ["sd_2.5_ORelay"], body: { prompt, duration: 5 }, variations, intervalMs: 0 },
    { defaultIntervalMs: 0, userId },
  );
  const [item] = await bed.db.batchItem.findMany({ where: { batchId: id }, orderBy: { index: "asc" } });
  return item;
}

/** The failure an item's row keeps (its three columns). */
const keptFailure = (row: { error: string | null; errorCode: string | null; errorParams: string | null }) =>
  readFailure({ error: row.error, errorCode: row.errorCode, errorParams: row.errorParams });

const rowOf = (id: string) => bed.db.batchItem.findUniqueOrThrow({ where: { id } });

/** The item as GET /api/batches/{id} answers it. */
async function viewOf(item: { id: string; batchId: string }) {
  const batch = await getBatch(bed.db, LOCAL_USER, item.batchId);
  return batch.items.find((i) => i.id === item.id)!;
}

/** The database as the runner meets it when the server drops away between two statements. */
function unreachableFor(db: Db, model: "batch"): Db {
  return db.$extends({
    query: {
      [model]: {
        async $allOperations() {
          throw Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), {
            name: "PrismaClientKnownRequestError",
            code: "P1001",
          });
        },
      },
    },
  }) as unknown as Db;
}

it("a database fault after the claim, before the upstream call, plans the item again and sends nothing", async () => {
  const item = await plannedItem(unique("a quiet harbour"));
  const deps = { ...bed.deps, db: unreachableFor(bed.db, "batch") };

  const result = await sendBatchItem(deps, item, backoff);

  expect(result).toMatchObject({ itemId: item.id, state: "planned", notSent: true });
  const after = await rowOf(item.id);
  expect(after).toMatchObject({ state: "planned", sendingAt: null, attempts: 0, taskId: null });
  expect(after.error).toMatch(
    /^Not sent yet: The studio's database was unavailable \(it could not be reached\) before the send\. Trying again in 2 s\.$/,
  );
  expect(after.error).not.toMatch(/127\.0\.0\.1|5432/);
  expect(upstream.requests.filter((r) => r.method === "POST")).toEqual([]);

  // Coded: our sentence around the dependency's, each with what it names.
  expect(after.errorCode).toBe("batch_not_sent_yet");
  expect(JSON.parse(after.errorParams!)).toEqual({
    seconds: 2,
    cause: {
      code: "batch_dependency_before_send",
      message: "The studio's database was unavailable (it could not be reached) before the send.",
      params: { dependency: "database", kind: "it could not be reached" },
    },
  });
  expect(chinese(keptFailure(after))).toBe("尚未发送，2 秒后重试：发送前工作室的数据库不可用。");
});

describe("an item's send error keeps a code and params, worded in the page's language", () => {
  it("an upstream refusal (4xx): rejected with the upstream's code and words; the batch answer carries them", async () => {
    const prompt = unique("refused");
    answer = (p) =>
      p === prompt ? { status: 402, json: { error: { message: "insufficient credits" } } } : queued();
    const item = await plannedItem(prompt);

    expect(await sendBatchItem(bed.deps, item, backoff)).toMatchObject({ state: "rejected" });

    const row = await rowOf(item.id);
    expect(row.error).toBe("The upstream rejected the request (HTTP 402): insufficient credits");
    expect(row.errorCode).toBe("upstream_rejected");
    expect(JSON.parse(row.errorParams!)).toEqual({ upstreamStatus: 402 });
    const view = await viewOf(item);
    expect(view).toMatchObject({
      state: "rejected",
      error: row.error,
      errorCode: "upstream_rejected",
      errorParams: { upstreamStatus: 402 },
    });
    // Our sentence in Chinese; the upstream's own words after it, as written.
    expect(chinese({ code: view.errorCode!, message: view.error!, params: view.errorParams! })).toBe(
      "上游拒绝了该请求（HTTP 402）。 The upstream rejected the request (HTTP 402): insufficient credits",
    );
  });

  it("a 429 plans it again: our sentence around the upstream's, with the wait", async () => {
    const prompt = unique("busy");
    answer = (p) => (p === prompt ? { status: 429, json: { error: { message: "slow down" } } } : queued());
    const item = await plannedItem(prompt);

    expect(await sendBatchItem(bed.deps, item, backoff)).toMatchObject({ state: "planned" });

    const failure = keptFailure(await rowOf(item.id))!;
    expect(failure).toEqual({
      code: "batch_not_sent_yet",
      message: "Not sent yet: The upstream rejected the request (HTTP 429): slow down Trying again in 2 s.",
      params: {
        seconds: 2,
        cause: {
          code: "upstream_rejected",
          message: "The upstream rejected the request (HTTP 429): slow down",
          params: { upstreamStatus: 429 },
        },
      },
    });
    expect(chinese(failure)).toBe(
      "尚未发送，2 秒后重试：上游拒绝了该请求（HTTP 429）。 The upstream rejected the request (HTTP 429): slow down",
    );
  });

  it("an answer that broke off: outcome unknown, with the send's own code", async () => {
    const prompt = unique("lost");
    answer = (p) => (p === prompt ? { hangUp: true } : queued());
    const item = await plannedItem(prompt);

    expect(await sendBatchItem(bed.deps, item, backoff)).toMatchObject({ state: "outcome_unknown" });

    const row = await rowOf(item.id);
    expect(row.error).toMatch(/may have created the task anyway/);
    expect(row.errorCode).toBe("upstream_unreachable");
    expect(JSON.parse(row.errorParams!)).toEqual({ outcome: "unknown" });
  });

  it("held at the owner's budget: every planned item of the batch keeps why, with the budget's numbers", async () => {
    const user = await bed.db.user.create({
      data: { email: `${unique("m").replace(" ", "")}@example.com`, name: "m" },
    });
    await bed.db.budget.create({ data: { userId: user.id, daily: 1, monthly: null } });
    const item = await plannedItem(unique("over budget"), user.id, 2);
    const posts = upstream.requests.length;

    expect(await sendBatchItem(bed.deps, item, backoff)).toMatchObject({
      state: "held_budget",
      notSent: true,
    });
    expect(upstream.requests.length).toBe(posts);

    const [row, next] = await bed.db.batchItem.findMany({
      where: { batchId: item.batchId },
      orderBy: { index: "asc" },
    });
    expect([row.state, next.state]).toEqual(["held_budget", "held_budget"]);
    expect(next).toMatchObject({ error: row.error, errorCode: row.errorCode, errorParams: row.errorParams });
    expect(row.error).toMatch(
      /^Held: Over your daily budget: 0 credits spent today, this task ≈ 10 credits \(estimate uncertain\); the limit is 1 credits\. .* Nothing more of this batch is sent until you resume it\.$/,
    );
    const failure = keptFailure(row)!;
    expect(failure.code).toBe("batch_held_budget");
    expect(failure.params?.cause).toMatchObject({
      code: "budget_exceeded",
      params: { period: "day", spent: 0, estimate: 10, limit: 1 },
    });
    expect(chinese(failure)).toBe(
      "超出每日预算：已消耗 0 积分，本次约需 10；上限为 1 积分。此批量任务已暂停：在你继续之前，其中的项都不会再发送。",
    );
    const view = await viewOf(item);
    expect(view).toMatchObject({
      errorCode: "batch_held_budget",
      errorParams: { cause: failure.params?.cause },
    });
  });

  it("a send the studio stopped in the middle of: outcome unknown, coded", async () => {
    const item = await plannedItem(unique("interrupted"));
    await bed.db.batchItem.update({
      where: { id: item.id },
      data: { state: "sending", sendingAt: new Date(0) },
    });

    await settleInterruptedSends(bed.deps, { sendingBefore: new Date() });

    const row = await rowOf(item.id);
    expect(row).toMatchObject({
      state: "outcome_unknown",
      error: INTERRUPTED_MESSAGE,
      errorCode: "batch_send_interrupted",
      errorParams: null,
    });
    expect(chinese(keptFailure(row))).toMatch(/^发送此项时工作室停止了运行/);
  });

  it("a later successful send clears all three columns", async () => {
    const prompt = unique("busy, then fine");
    answer = (p) => (p === prompt ? { status: 503, json: { error: { message: "later" } } } : queued());
    const item = await plannedItem(prompt);
    await sendBatchItem(bed.deps, item, backoff);
    expect((await rowOf(item.id)).errorCode).toBe("batch_not_sent_yet");

    answer = queued;
    await sendBatchItem(bed.deps, { ...item, attempts: 1 }, backoff);
    expect(await rowOf(item.id)).toMatchObject({
      state: "sent",
      error: null,
      errorCode: null,
      errorParams: null,
    });
  });

  it("an item written before codes were kept answers code text, shown as it is", async () => {
    const item = await plannedItem(unique("old row"));
    await bed.db.batchItem.update({
      where: { id: item.id },
      data: { state: "rejected", error: "An old sentence." },
    });
    const view = await viewOf(item);
    expect(view).toMatchObject({ error: "An old sentence.", errorCode: "text", errorParams: null });
    expect(chinese({ code: view.errorCode!, message: view.error! })).toBe("An old sentence.");
  });

  it("masks the upstream's address in the answer's sentence and in its params", async () => {
    const base = upstreamSecrets().baseUrl;
    const prompt = unique("leaky");
    answer = (p) =>
      p === prompt ? { status: 400, json: { error: { message: `see ${base}/v2/docs` } } } : queued();
    const item = await plannedItem(prompt);
    await sendBatchItem(bed.deps, item, backoff);
    expect((await rowOf(item.id)).error).toContain(base);

    const view = await viewOf(item);
    expect(view.error).not.toContain(base);
    expect(JSON.stringify(view.errorParams)).not.toContain(base);
  });
});
