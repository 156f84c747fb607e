import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILURE_MESSAGE } from "./task-object";
import { sandboxFixture } from "./testing/sandbox-fixture";

let sandbox: Awaited<ReturnType<typeof sandboxFixture>>;
beforeAll(async () => {
  sandbox = await sandboxFixture();
});
afterAll(() => sandbox.close());

describe("submit: the sandbox rejects what the spec rejects", () => {
  it("a model name instead of a Model ID does not resolve", async () => {
    const { status, json } = await sandbox.submit({ model: "O3 Video Generation", prompt: "a cat" });
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ code: "model_not_found", param: "model" });
    expect(json.error.message).toMatch(/could not be resolved.*model name.*Model ID/);
  });

  it("an unknown id does not resolve", async () => {
    const { status, json } = await sandbox.submit({ model: "sd9_nope", prompt: "a cat" });
    expect(status).toBe(400);
    expect(json.error.message).toContain('"sd9_nope" could not be resolved');
    expect(json.error.message).not.toContain("model name");
  });

  it.each([
    ["videos_30_10_10_c4", "brand_model_missing"],
    ["vendors-5.0", "brand_model_disabled"],
    ["vendorw2.7-r2v", "brand_model_disabled"],
  ])("a visible-but-unavailable model (%s) is refused with 403 and its reason", async (model, reason) => {
    const { status, json } = await sandbox.submit({ model, prompt: "a cat" });
    expect(status).toBe(403);
    expect(json.error).toMatchObject({ type: "permission_error", code: reason });
    expect(json.error.message).toContain(reason);
  });

  it.each([
    [{ model: "sd2_disc_nvid", prompt: "x", duration: 99 }, "duration", /4.*15/],
    [{ model: "sd2_disc_nvid" }, "prompt", /required/],
    [{ model: "sd_2.0_mini_discount", prompt: "x", resolution: "1080p" }, "resolution", /480p.*720p/],
    [
      { model: "sd2_disc_nvid", prompt: "x", reference_images: ["data:image/png;base64,AAAA"] },
      "reference_images",
      /./,
    ],
  ])(
    "invalid parameters are refused with 400 naming the field and the rule (%#)",
    async (body, param, rule) => {
      const { status, json } = await sandbox.submit(body);
      expect(status).toBe(400);
      expect(json.error.code).toBe("invalid_parameter");
      expect(json.error.param).toMatch(new RegExp(`^${param}`));
      expect(json.error.message).toContain(param);
      expect(json.error.message).toMatch(rule);
      expect(json).not.toHaveProperty("id");
    },
  );
});

describe("submit and query", () => {
  it("submit answers the top-level task object, queued", async () => {
    const { status, json } = await sandbox.submit({ model: "sd2_disc_nvid", prompt: "a lighthouse" });
    expect(status).toBe(200);
    expect(json).toEqual({
      id: expect.stringMatching(/^sbx_/),
      object: "video",
      created: Math.floor(sandbox.clock.now / 1000),
      model: "sd2_disc_nvid",
      status: "queued",
      progress: 0,
      error: null,
    });
  });

  it("walks queued -> processing (progress rising) -> completed within 10-30 s", async () => {
    const { json: task } = await sandbox.submit({ model: "sd2_disc_nvid", prompt: "a lighthouse" });
    const seen: { status: string; progress: number }[] = [];
    for (let elapsed = 0; elapsed <= 31_000; elapsed += 1_000) {
      const { json } = await sandbox.query(task.id);
      seen.push({ status: json.status, progress: json.progress });
      if (json.status !== "completed") expect(json).not.toHaveProperty("result_url");
      sandbox.clock.now += 1_000;
    }
    const statuses = [...new Set(seen.map((s) => s.status))];
    expect(statuses).toEqual(["queued", "processing", "completed"]);
    const processing = seen.filter((s) => s.status === "processing").map((s) => s.progress);
    expect(processing.length).toBeGreaterThan(4);
    expect(processing).toEqual([...processing].sort((a, b) => a - b));
    expect(processing[0]).toBeLessThan(processing.at(-1)!);
    const completedAt = seen.findIndex((s) => s.status === "completed");
    expect(completedAt).toBeGreaterThanOrEqual(10);
    expect(completedAt).toBeLessThanOrEqual(30);
    expect(seen.at(-1)).toEqual({ status: "completed", progress: 100 });
  });

  it("[fail] ends failed with an error message after processing started", async () => {
    const { json: task } = await sandbox.submit({ model: "sd_2.5_ORelay", prompt: "a storm [fail]" });
    sandbox.clock.now += 4_100;
    expect((await sandbox.query(task.id)).json.status).toBe("processing");
    sandbox.clock.now += 30_000;
    const { json } = await sandbox.query(task.id);
    expect(json).toMatchObject({
      status: "failed",
      error: FAILURE_MESSAGE,
      error_message: FAILURE_MESSAGE,
      amount: 0,
    });
    expect(json).not.toHaveProperty("result_url");
    expect(json).not.toHaveProperty("video_url");
  });

  it("[fast] completes 6 s after submit", async () => {
    const { json: task } = await sandbox.submit({ model: "sd2_disc_nvid", prompt: "quick [fast]" });
    sandbox.clock.now += 5_900;
    expect((await sandbox.query(task.id)).json.status).toBe("processing");
    sandbox.clock.now += 100;
    expect((await sandbox.query(task.id)).json.status).toBe("completed");
  });

  it("an unknown or garbled id is a 404", async () => {
    const { json: task } = await sandbox.submit({ model: "sd2_disc_nvid", prompt: "x" });
    for (const id of ["nope", `${task.id.slice(0, -3)}zzz`, "sbx_"]) {
      const { status, json } = await sandbox.query(id);
      expect(status).toBe(404);
      expect(json.error.code).toBe("task_not_found");
    }
  });

  it("is stateless: a restarted sandbox answers an old id and serves its result URL", async () => {
    const { json: task } = await sandbox.submit({
      model: "sd2_disc_nvid",
      prompt: "survive",
      aspect_ratio: "1:1",
    });
    sandbox.clock.now += 31_000;
    const before = (await sandbox.query(task.id)).json;
    await sandbox.restart();
    const after = (await sandbox.query(task.id)).json;
    expect(after).toEqual({ ...before, ...urlsOn(before, sandbox.url) });
    const video = await fetch(after.video_url);
    expect(video.status).toBe(200);
    expect(video.headers.get("content-type")).toBe("video/mp4");
  });
});

/** The restarted server listens on another port: same URLs otherwise. */
function urlsOn(task: Record<string, unknown>, origin: string) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(task)) {
    const swap = (v: string) => origin + new URL(v).pathname + new URL(v).search;
    if (typeof value === "string" && value.startsWith("http")) out[key] = swap(value);
    if (Array.isArray(value)) out[key] = value.map((v) => swap(v as string));
  }
  return out;
}
