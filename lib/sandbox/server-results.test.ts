import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxFixture } from "./testing/sandbox-fixture";

let sandbox: Awaited<ReturnType<typeof sandboxFixture>>;
beforeAll(async () => {
  sandbox = await sandboxFixture();
});
afterAll(() => sandbox.close());

const BASE = [
  "id",
  "object",
  "created",
  "model",
  "status",
  "progress",
  "result_url",
  "amount",
  "actualDuration",
  "error",
];

describe("completed task objects carry the spec's fields per model", () => {
  it.each([
    [
      "sd_2.5_ORelay with return_last_frame",
      { model: "sd_2.5_ORelay", prompt: "x", return_last_frame: true, aspect_ratio: "16:9" },
      ["video_url", "error_message", "last_frame_url", "upstream_url", "upstream_urls"],
    ],
    [
      "sd_2.5_ORelay without a last frame (default false)",
      { model: "sd_2.5_ORelay", prompt: "x" },
      ["video_url", "error_message", "upstream_url", "upstream_urls"],
    ],
    [
      "sd2_disc_nvid",
      { model: "sd2_disc_nvid", prompt: "x" },
      ["video_url", "upstream_url", "upstream_urls"],
    ],
    [
      "sd_2.0_mini_discount (return_last_frame defaults to true)",
      { model: "sd_2.0_mini_discount", prompt: "x" },
      ["video_url", "upstream_url", "upstream_urls", "last_frame_url"],
    ],
    [
      "sd_2.0_mini_discount with return_last_frame false",
      { model: "sd_2.0_mini_discount", prompt: "x", return_last_frame: false },
      ["video_url", "upstream_url", "upstream_urls"],
    ],
    [
      "videos_2.5_30_10_10_c6",
      { model: "videos_2.5_30_10_10_c6", prompt: "x", aspect_ratio: "9:16" },
      ["video_url", "error_message", "media_url"],
    ],
    [
      "vendorm-H3-768p-c2 (base fields only)",
      { model: "vendorm-H3-768p-c2", prompt: "x", duration: 5 },
      ["video_url"],
    ],
    ["vendors_5.0Pro (an image model)", { model: "vendors_5.0Pro", prompt: "x" }, ["image_url"]],
  ])("%s", async (_, body, extra) => {
    const task = await sandbox.completed(body);
    expect(Object.keys(task).sort()).toEqual([...BASE, ...extra].sort());
    expect(task.status).toBe("completed");
    expect(task.error).toBeNull();
    for (const key of Object.keys(task).filter((k) => k.endsWith("_url"))) {
      expect(task[key], key).toMatch(new RegExp(`^${sandbox.url}/files/`));
    }
    if (task.upstream_urls) expect(task.upstream_urls).toEqual([task.upstream_url]);
    if (task.error_message !== undefined) expect(task.error_message).toBe("");
  });

  it("image models answer object image and image_url, never video_url", async () => {
    const task = await sandbox.completed({ model: "vendors_5.0Pro", prompt: "a bowl of fruit" });
    expect(task).toMatchObject({ object: "image", image_url: task.result_url });
    expect(task.image_url).toMatch(/\/image\.jpg\?/);
  });
});

describe("field types the spec leaves 'not shown' vary by model family", () => {
  it("sd models answer numbers", async () => {
    const task = await sandbox.completed({
      model: "sd2_disc_nvid",
      prompt: "x",
      duration: 8,
      resolution: "1080p",
    });
    expect(task).toMatchObject({ progress: 100, amount: 1.2, actualDuration: 8 });
  });

  it("videos_ models answer strings, progress with a percent sign", async () => {
    const { json } = await sandbox.submit({
      model: "videos_2.5_30_10_10_c6",
      prompt: "x",
      aspect_ratio: "16:9",
      duration: 10,
    });
    sandbox.clock.now += 8_000;
    expect((await sandbox.query(json.id)).json.progress).toMatch(/^\d{1,2}%$/);
    sandbox.clock.now += 30_000;
    expect((await sandbox.query(json.id)).json).toMatchObject({
      progress: "100%",
      amount: "0.80",
      actualDuration: "10",
    });
  });

  it("vendorm models answer progress as a bare numeric string and a fractional duration", async () => {
    const { json } = await sandbox.submit({ model: "vendorm-H3-768p-c2", prompt: "x", duration: 6 });
    expect(json.progress).toBe("0");
    sandbox.clock.now += 31_000;
    const done = (await sandbox.query(json.id)).json;
    expect(done).toMatchObject({ progress: "100", actualDuration: 6.04 });
    expect(typeof done.amount).toBe("number");
  });

  it("the same task always reports the same amount", async () => {
    const a = await sandbox.completed({ model: "sd_2.5_ORelay", prompt: "x", duration: 10 });
    const b = await sandbox.completed({ model: "sd_2.5_ORelay", prompt: "y", duration: 10 });
    expect(a.amount).toBe(b.amount);
    expect((await sandbox.query(a.id)).json.amount).toBe(a.amount);
  });
});
