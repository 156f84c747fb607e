import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeTaskId, encodeTaskId, type TaskSeed } from "./task-codec";
import { sandboxFixture } from "./testing/sandbox-fixture";
import { scheduleOf } from "./timeline";

// SANDBOX_TIME_SCALE (tests only): the end-to-end studio's sandbox runs its tasks faster. The
// scale travels in the task id, so another instance, or the same one after a restart, agrees.
let scaled: Awaited<ReturnType<typeof sandboxFixture>>;
beforeAll(async () => {
  scaled = await sandboxFixture({ timeScale: 0.25 });
});
afterAll(() => scaled.close());

const seed: TaskSeed = {
  model: "sd2_disc_nvid",
  kind: "video",
  createdMs: 1_000_000,
  aspectRatio: "16:9",
  lastFrame: false,
  fail: false,
  fast: false,
  ttlSeconds: 600,
  nonce: "n",
};

describe("the sandbox's test time scale", () => {
  it("shortens queued and processing alike, and keeps the real durations by default", () => {
    for (let i = 0; i < 50; i++) {
      const real = { ...seed, nonce: `n${i}` };
      const fast = { ...real, timeScale: 0.25 };
      const a = scheduleOf(encodeTaskId(real), real);
      const b = scheduleOf(encodeTaskId(real), fast);
      expect(b.startsMs - b.createdMs).toBe(Math.round((a.startsMs - a.createdMs) * 0.25));
      expect(b.endsMs - b.createdMs).toBe(Math.round((a.endsMs - a.createdMs) * 0.25));
    }
  });

  it("travels in the task id; an id without it is a real-time task", () => {
    expect(decodeTaskId(encodeTaskId({ ...seed, timeScale: 0.25 }))?.timeScale).toBe(0.25);
    expect(decodeTaskId(encodeTaskId(seed))).not.toHaveProperty("timeScale");
    expect(decodeTaskId(encodeTaskId({ ...seed, timeScale: 1 }))).not.toHaveProperty("timeScale");
  });

  it("completes a [fast] task 1.5 s after submit at 0.25, still through queued and processing", async () => {
    const { json: task } = await scaled.submit({ model: "sd2_disc_nvid", prompt: "quick [fast]" });
    expect(task.status).toBe("queued");
    scaled.clock.now += 400;
    expect((await scaled.query(task.id)).json.status).toBe("processing");
    scaled.clock.now += 1_050;
    expect((await scaled.query(task.id)).json.status).toBe("processing");
    scaled.clock.now += 50;
    expect((await scaled.query(task.id)).json.status).toBe("completed");
  });

  it("refuses a scale outside (0, 1]", async () => {
    for (const timeScale of [0, -1, 2, Number.NaN]) {
      await expect(sandboxFixture({ timeScale })).rejects.toThrow(/timeScale must be a number in \(0, 1\]/);
    }
  });
});
