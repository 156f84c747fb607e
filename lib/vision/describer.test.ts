import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowInChinese } from "../testing/zh-failure";
import { describeNext } from "./describer";
import { parseShown } from "./description-schema";
import { queueAfterStored, queueTasks } from "./queue";
import { setDescribeSetting } from "./settings";
import { visionBed, type VisionBed } from "./testing/vision-bed";

let bed: VisionBed;
beforeAll(async () => {
  bed = await visionBed();
});
afterAll(() => bed.close());
beforeEach(() => bed.sandbox.log.clear());

const description = (taskId: string) => bed.temp.db.taskDescription.findUniqueOrThrow({ where: { taskId } });

describe("the vision model's JSON", () => {
  it("accepts a fenced object and names what is wrong otherwise", () => {
    expect(parseShown('```json\n{"caption":"A cat.","tags":["Cat","cat"]}\n```')).toEqual({
      ok: true,
      value: { caption: "A cat.", tags: ["cat"], shots: [] },
    });
    expect(parseShown("A cat on a mat.")).toEqual({ ok: false, problem: "the answer is not JSON" });
    expect(parseShown('{"caption":"","tags":[]}')).toEqual({
      ok: false,
      problem: "caption must not be empty",
    });
    expect(parseShown('{"caption":"x","tags":"cat"}')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^tags /),
    });
  });
});

describe("describing a stored result against the sandbox", () => {
  it("stores the caption, tags and cost of an image, and records the call in the text ledger", async () => {
    const id = await bed.seedImage("img-1", "a calm evening");
    await queueTasks(bed.temp.db, [id]);
    expect(await describeNext(bed.deps())).toEqual({ kind: "described", taskId: id });
    const row = await description(id);
    expect(row.status).toBe("done");
    expect(row.caption).toMatch(/^A \w+ sky over rolling hills with a pale sun\.$/);
    expect(JSON.parse(row.tags)).toEqual(expect.arrayContaining(["sky", "hills", "sun"]));
    expect(row.tokens).toBeGreaterThan(258);
    const ledger = await bed.temp.db.textUsage.findMany({ where: { source: "vision" } });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ spender: "local", model: "llm-2.5-flash-lite", status: "complete" });
    expect(await describeNext(bed.deps())).toEqual({ kind: "empty" });
  });

  it("sends a small video as the file and gets a shot summary", async () => {
    const id = await bed.seedVideo("vid-1", "a test");
    await queueTasks(bed.temp.db, [id]);
    expect(await describeNext(bed.deps())).toMatchObject({ kind: "described" });
    const row = await description(id);
    expect(row.caption).toMatch(/test pattern/);
    expect(JSON.parse(row.shots)).toHaveLength(1);
  });

  it("asks once more when the answer is not valid JSON, and stores the second answer", async () => {
    const before = bed.describeCalls();
    const id = await bed.seedImage("img-retry", "sunset [vision:invalid]");
    await queueTasks(bed.temp.db, [id]);
    expect(await describeNext(bed.deps())).toMatchObject({ kind: "described" });
    expect(bed.describeCalls() - before).toBe(2);
    expect((await description(id)).caption).toMatch(/hills/);
  });

  it("gives up after the one retry, with the rule the answer broke shown on the item", async () => {
    const before = bed.describeCalls();
    const id = await bed.seedImage("img-bad", "sunset [vision:invalid-always]");
    await queueTasks(bed.temp.db, [id]);
    expect(await describeNext(bed.deps())).toMatchObject({ kind: "failed" });
    expect(bed.describeCalls() - before).toBe(2);
    const row = await description(id);
    expect(row).toMatchObject({ status: "failed", caption: "" });
    expect(row.reason).toMatch(/did not fit the description schema twice: caption must not be empty/);
    // Coded for the page's language; the schema's rule is named as written.
    expect(row).toMatchObject({
      reasonCode: "describe_invalid_answer",
      reasonParams: JSON.stringify({ problem: "caption must not be empty" }),
    });
    expect(rowInChinese(row, "reason")).toBe(
      "视觉模型的回答两次都不符合描述格式：caption must not be empty。",
    );
  });

  it("gives up after the upstream failed three times, naming its answer after ours", async () => {
    const id = await bed.seedImage("img-down", "a field [error:500]");
    await queueTasks(bed.temp.db, [id]);
    // Each failure leases the row for a growing pause (30 s, 90 s): later clocks claim it again.
    const start = Date.now();
    const steps = [];
    for (const offset of [0, 40_000, 200_000])
      steps.push(await describeNext(bed.deps({ now: () => start + offset })));
    expect(steps.map((step) => step.kind)).toEqual(["retry", "retry", "failed"]);
    const row = await description(id);
    expect(row).toMatchObject({ status: "failed", reasonCode: "describe_failed" });
    const { cause } = JSON.parse(row.reasonParams!) as { cause: { code: string; params: object } };
    expect(cause).toMatchObject({ code: "upstream_rejected", params: { upstreamStatus: 500 } });
    expect(row.reason).toBe(`Not described: ${(cause as unknown as { message: string }).message}`);
    // Our words in Chinese, the upstream's own after them (components/i18n/error-message.ts).
    expect(rowInChinese(row, "reason")).toMatch(
      /^未能生成描述：上游拒绝了该请求（HTTP 500）。 .*sandbox trigger \[error:500\]/,
    );
  });

  it("refuses a member over budget before asking the model, and says why on the item", async () => {
    const user = await bed.temp.db.user.create({ data: { name: "M", email: "over@example.com" } });
    await bed.temp.db.budget.create({ data: { userId: user.id, dailyTokens: 10 } });
    await bed.temp.db.textUsage.create({
      data: { spender: user.id, source: "chat", model: "llm-2.5-pro", totalTokens: 50, status: "complete" },
    });
    const before = bed.describeCalls();
    const id = await bed.seedImage("img-over", "a field", user.id);
    await queueTasks(bed.temp.db, [id]);
    expect(await describeNext(bed.deps())).toMatchObject({ kind: "refused" });
    expect(bed.describeCalls()).toBe(before);
    const row = await description(id);
    expect(row.status).toBe("refused");
    expect(row.reason).toMatch(/^Not described: Over your daily token budget/);
    expect(row.reasonCode).toBe("describe_over_budget");
    expect(JSON.parse(row.reasonParams!)).toEqual({ period: "day", unit: "tokens", spent: 50, limit: 10 });
    expect(rowInChinese(row, "reason")).toBe(
      "未生成描述：已超出每日词元预算：今日已使用 50 个文本词元，上限为 10。",
    );
  });
});

describe("queuing after a result is stored (the tracker's hook)", () => {
  it("queues only when the owner, or an admin for everyone, turned describing on", async () => {
    const db = bed.temp.db;
    const owner = await db.user.create({ data: { name: "O", email: "owner@example.com" } });
    const id = await bed.seedImage("hook-1", "a hook", owner.id);
    expect(await queueAfterStored(db, id)).toBe(false);
    await setDescribeSetting(db, { userId: owner.id }, true);
    expect(await queueAfterStored(db, id)).toBe(true);
    expect((await description(id)).status).toBe("pending");
    expect(await queueAfterStored(db, id)).toBe(false); // once per task

    const other = await bed.seedImage("hook-2", "another");
    expect(await queueAfterStored(db, other)).toBe(false);
    await setDescribeSetting(db, "everyone", true);
    expect(await queueAfterStored(db, other)).toBe(true);
    await setDescribeSetting(db, "everyone", false);
    await db.taskDescription.deleteMany({ where: { taskId: { in: [id, other] } } });
  });
});
