import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StudioError } from "../errors";
import { startFakeUpstream, type CannedAnswer, type FakeUpstream } from "../upstream/testing/fake-upstream";
import { presentTask } from "./present-task";
import { submitTask } from "./submit-task";
import { taskTestbed } from "./testing/task-fixtures";

let upstream: FakeUpstream;
let next: CannedAnswer;
let bed: ReturnType<typeof taskTestbed>;
let counter = 0;

beforeAll(async () => {
  upstream = await startFakeUpstream(() => next);
  bed = taskTestbed();
  bed.deps.upstream = { baseUrl: `${upstream.url}/api`, apiKey: "sk-live-123", timeoutMs: 2000 };
});
afterAll(async () => {
  await upstream.close();
  await bed.cleanup();
});

const posts = () => upstream.count("/api/v2/model-center/tasks", "POST");

async function rejection(input: unknown): Promise<StudioError> {
  const error = await submitTask(input, bed.deps).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StudioError);
  return error as StudioError;
}

describe("submitTask validation (nothing invalid reaches the upstream)", () => {
  it.each([
    ["a body that is not an object", "just text", "invalid_request", 400],
    ["a rule violation", { model: "sd_2.5_ORelay", prompt: "", duration: 99 }, "invalid_request", 400],
    ["an unknown model", { model: "no-such-model", prompt: "x" }, "unknown_model", 400],
    ["a model name instead of an id", { model: "O3 Video Generation", prompt: "x" }, "unknown_model", 400],
    [
      "an unavailable model",
      { model: "videos_30_10_10_c4", prompt: "x", duration: 5 },
      "model_unavailable",
      403,
    ],
  ])("rejects %s", async (_what, input, code, status) => {
    const before = posts();
    const error = await rejection(input);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(posts()).toBe(before);
  });

  it("names the fields that break rules", async () => {
    const error = await rejection({ model: "sd_2.5_ORelay", prompt: "", duration: 99 });
    expect(error.issues.map((i) => i.path)).toEqual(expect.arrayContaining(["prompt", "duration"]));
  });

  it("says that model names are not ids", async () => {
    const error = await rejection({ model: "O3 Video Generation", prompt: "x" });
    expect(error.message).toMatch(/name/i);
  });

  it("gives the reason of an unavailable model", async () => {
    const error = await rejection({ model: "videos_30_10_10_c4", prompt: "x", duration: 5 });
    expect(error.details.reason).toBe("brand_model_missing");
  });
});

describe("submitTask forwarding", () => {
  it("forwards the normalized body with the key and stores the task", async () => {
    const id = `task-${++counter}`;
    next = {
      json: { id, object: "video", model: "sd_2.5_ORelay", status: "queued", created: 1_763_000_000 },
    };
    const task = await submitTask(
      { model: "sd_2.5_ORelay", prompt: "a red fox", image_urls: ["https://img.example/fox.png"] },
      bed.deps,
    );

    const sent = upstream.requests.at(-1)!;
    expect(sent.headers.authorization).toBe("Bearer sk-live-123");
    expect(JSON.parse(sent.body)).toEqual({
      model: "sd_2.5_ORelay",
      prompt: "a red fox",
      reference_images: ["https://img.example/fox.png"],
    });
    expect(task).toMatchObject({
      id,
      model: "sd_2.5_ORelay",
      kind: "video",
      status: "queued",
      prompt: "a red fox",
    });
    expect(JSON.parse(task.request)).toEqual(JSON.parse(sent.body));

    const shown = presentTask(task, "http://studio.test");
    expect(shown).toMatchObject({
      id,
      object: "video",
      model: "sd_2.5_ORelay",
      status: "queued",
      created: 1_763_000_000,
    });
    expect(JSON.stringify(shown)).not.toContain("sk-live-123");
    expect(JSON.stringify(shown)).not.toContain(upstream.url);
  });

  it("records a task that is already finished in the submit answer", async () => {
    const id = `task-${++counter}`;
    next = {
      json: {
        id,
        object: "image",
        status: "completed",
        image_url: "https://cdn.example/i.png",
        result_url: "https://cdn.example/i.png",
      },
    };
    const task = await submitTask({ model: "sd_2.5_ORelay", prompt: "instant" }, bed.deps);
    expect(task.status).toBe("completed");
    expect(task.media).toHaveLength(1);
    expect(task.mediaState).toBe("pending");
  });

  it("passes back an upstream rejection and stores nothing", async () => {
    next = { status: 402, json: { error: { message: "insufficient credits" } } };
    const before = await bed.db.task.count();
    const error = await rejection({ model: "sd_2.5_ORelay", prompt: "expensive" });
    expect(error).toMatchObject({ code: "upstream_rejected", status: 402 });
    expect(error.message).toBe("The upstream rejected the request (HTTP 402): insufficient credits");
    expect(await bed.db.task.count()).toBe(before);
  });

  it("treats a 2xx answer without an id as an upstream error, never a task", async () => {
    next = { json: { status: "queued" } };
    const before = await bed.db.task.count();
    const error = await rejection({ model: "sd_2.5_ORelay", prompt: "no id" });
    expect(error).toMatchObject({ code: "upstream_bad_response", status: 502 });
    expect(await bed.db.task.count()).toBe(before);
  });

  it("logs a submit that may have created an upstream task, and stores nothing", async () => {
    next = { hangUp: true };
    const before = await bed.db.task.count();
    const error = await rejection({ model: "sd_2.5_ORelay", prompt: "lost answer" });
    expect(error).toMatchObject({ code: "upstream_unreachable", details: { outcome: "unknown" } });
    expect(await bed.db.task.count()).toBe(before);
    expect(
      bed.logs.some(
        (l) =>
          l.level === "warn" &&
          l.text.includes('submit of sd_2.5_ORelay prompt "lost answer" may have created an upstream task'),
      ),
    ).toBe(true);
  });

  it("maps an unreachable upstream to 502 without naming it", async () => {
    const closed = await startFakeUpstream(() => ({ json: {} }));
    await closed.close();
    const saved = bed.deps.upstream;
    bed.deps.upstream = { ...saved, baseUrl: closed.url };
    try {
      const error = await rejection({ model: "sd_2.5_ORelay", prompt: "nobody home" });
      expect(error).toMatchObject({ code: "upstream_unreachable", status: 502 });
      expect(error.message).not.toContain(closed.url);
    } finally {
      bed.deps.upstream = saved;
    }
  });
});
