import { describe, expect, it } from "vitest";
import { decodeTaskId, encodeTaskId, type TaskSeed } from "./task-codec";
import { parseTriggers } from "./triggers";

const seed: TaskSeed = {
  model: "sd_2.5_ORelay",
  kind: "video",
  createdMs: 1_893_456_000_123,
  aspectRatio: "21:9",
  resolution: "1080p",
  duration: 12,
  lastFrame: true,
  fail: false,
  fast: true,
  ttlSeconds: 5,
  nonce: "abc123",
};

describe("task ids", () => {
  it("carry every field a restarted sandbox needs", () => {
    const id = encodeTaskId(seed);
    expect(id).toMatch(/^sbx_[A-Za-z0-9_-]+$/);
    expect(decodeTaskId(id)).toEqual(seed);
  });

  it("keep optional fields absent when they were absent", () => {
    const bare: TaskSeed = { ...seed, resolution: undefined, duration: undefined, lastFrame: false };
    delete bare.resolution;
    delete bare.duration;
    expect(decodeTaskId(encodeTaskId(bare))).toEqual(bare);
  });

  it("reject ids that were garbled, truncated or never issued", () => {
    const id = encodeTaskId(seed);
    const flipped = id.slice(0, 10) + (id[10] === "A" ? "B" : "A") + id.slice(11);
    for (const bad of [flipped, id.slice(0, -1), `${id}x`, "sbx_", "task_123", "", "sbx_e30_deadbeef00"]) {
      expect(decodeTaskId(bad), bad).toBeUndefined();
    }
  });

  it("differ between two identical submits (nonce)", () => {
    expect(encodeTaskId({ ...seed, nonce: "a" })).not.toBe(encodeTaskId({ ...seed, nonce: "b" }));
  });
});

describe("prompt triggers", () => {
  it("are found anywhere in the prompt, in any case", () => {
    expect(parseTriggers("a cat [FAIL] on a [Fast] bike [ttl=5]")).toEqual({
      fail: true,
      fast: true,
      slow: false,
      ttlSeconds: 5,
    });
    expect(parseTriggers("[SLOW] sunset")).toEqual({ fail: false, fast: false, slow: true });
    expect(parseTriggers("a plain prompt")).toEqual({ fail: false, fast: false, slow: false });
    expect(parseTriggers(undefined)).toEqual({ fail: false, fast: false, slow: false });
  });

  it("clamp the URL lifetime to at least one second", () => {
    expect(parseTriggers("[ttl=0]").ttlSeconds).toBe(1);
    expect(parseTriggers("[ttl=abc]").ttlSeconds).toBeUndefined();
  });
});
