import { describe, expect, it } from "vitest";
import { encodeTaskId, type TaskSeed } from "./task-codec";
import { phaseAt, scheduleOf } from "./timeline";

const base: TaskSeed = {
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

const schedule = (overrides: Partial<TaskSeed> = {}) => {
  const seed = { ...base, ...overrides };
  return scheduleOf(encodeTaskId(seed), seed);
};

describe("task timeline", () => {
  it("completes 10-30 s after submit, spread over that range by task id", () => {
    const totals = Array.from({ length: 200 }, (_, i) => {
      const s = schedule({ nonce: `n${i}` });
      expect(s.startsMs - s.createdMs).toBeGreaterThanOrEqual(2_000);
      expect(s.startsMs - s.createdMs).toBeLessThanOrEqual(4_000);
      return s.endsMs - s.createdMs;
    });
    expect(Math.min(...totals)).toBeGreaterThanOrEqual(10_000);
    expect(Math.max(...totals)).toBeLessThanOrEqual(30_000);
    expect(Math.max(...totals) - Math.min(...totals)).toBeGreaterThan(15_000);
  });

  it("goes queued -> processing with rising progress -> completed", () => {
    const s = schedule();
    expect(phaseAt(s, s.createdMs - 5_000)).toEqual({ status: "queued", progress: 0 });
    expect(phaseAt(s, s.createdMs)).toEqual({ status: "queued", progress: 0 });
    let last = 0;
    for (let t = s.startsMs; t < s.endsMs; t += 500) {
      const phase = phaseAt(s, t);
      expect(phase.status).toBe("processing");
      expect(phase.progress).toBeGreaterThanOrEqual(Math.max(1, last));
      expect(phase.progress).toBeLessThanOrEqual(99);
      last = phase.progress;
    }
    expect(last).toBeGreaterThan(90);
    expect(phaseAt(s, s.endsMs)).toEqual({ status: "completed", progress: 100, completedMs: s.endsMs });
    expect(phaseAt(s, s.endsMs + 86_400_000).status).toBe("completed");
  });

  it("[fail] fails part-way through processing and stays failed", () => {
    const s = schedule({ fail: true });
    expect(s.failsMs).toBeGreaterThan(s.startsMs);
    expect(s.failsMs).toBeLessThan(s.endsMs);
    expect(phaseAt(s, s.startsMs).status).toBe("processing");
    const failed = phaseAt(s, s.failsMs!);
    expect(failed.status).toBe("failed");
    expect(failed.progress).toBeGreaterThan(0);
    expect(phaseAt(s, s.endsMs + 1)).toEqual(failed);
  });

  it("[fast] completes in 6 s, still queued first and processing after", () => {
    const s = schedule({ fast: true });
    expect(s.endsMs - s.createdMs).toBe(6_000);
    expect(phaseAt(s, s.createdMs + 1_000).status).toBe("queued");
    expect(phaseAt(s, s.createdMs + 3_000).status).toBe("processing");
    expect(phaseAt(s, s.createdMs + 6_000).status).toBe("completed");
  });

  it("[slow] runs the full 30 s, with progress rising across polls 5 s apart", () => {
    const s = schedule({ slow: true });
    expect(s.endsMs - s.createdMs).toBe(30_000);
    const seen = [5_000, 10_000, 15_000, 20_000, 25_000].map((t) => phaseAt(s, s.createdMs + t));
    expect(seen.every((p) => p.status === "processing")).toBe(true);
    const progress = seen.map((p) => p.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBe(5);
    expect(phaseAt(s, s.createdMs + 30_000).status).toBe("completed");
  });
});
