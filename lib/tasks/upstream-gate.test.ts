import { describe, expect, it } from "vitest";
import { UpstreamGate } from "./upstream-gate";

const options = { pauseMs: 5_000, maxPauseMs: 60_000, recoverMs: 10_000, minShare: 1 / 16 };

describe("shared back-off (controlled clock)", () => {
  it("holds every worker for Retry-After, then comes back at half and recovers gradually", () => {
    const gate = new UpstreamGate(options);
    const t = 1_000_000;
    expect(gate.allowed(64, t)).toBe(64);
    gate.throttled(t, 429, 3);
    expect(gate.waitMs(t)).toBe(3_000);
    expect(gate.allowed(64, t + 2_999)).toBe(0);
    expect(gate.allowed(64, t + 3_000)).toBe(32);
    expect(gate.allowed(64, t + 3_000 + 5_000)).toBe(48);
    expect(gate.allowed(64, t + 3_000 + 10_000)).toBe(64);
    expect(gate.allowed(64, t + 60_000)).toBe(64);
  });

  it("doubles the pause and halves the share for 429s in a row; an answer resets the pause", () => {
    const gate = new UpstreamGate(options);
    let t = 0;
    gate.throttled(t, 429);
    expect(gate.waitMs(t)).toBe(5_000);
    t += 5_000;
    gate.throttled(t, 429);
    expect(gate.waitMs(t)).toBe(10_000);
    t += 10_000;
    expect(gate.allowed(64, t)).toBe(16); // 1/2, then 1/4
    gate.throttled(t, 429);
    expect(gate.waitMs(t)).toBe(20_000);
    gate.answered();
    t += 20_000;
    gate.throttled(t, 429);
    expect(gate.waitMs(t)).toBe(5_000);
    // Never below one worker once the pause is over (the minimum share).
    expect(gate.allowed(8, t + 5_000)).toBe(1);
    expect(gate.last).toMatchObject({ status: 429, retryAfterSeconds: null, until: t + 5_000 });
  });

  it("takes Retry-After on any status (a 503 saying when to come back)", () => {
    const gate = new UpstreamGate(options);
    gate.throttled(0, 503, 20);
    expect(gate.waitMs(0)).toBe(20_000);
    expect(gate.last).toMatchObject({ status: 503, retryAfterSeconds: 20 });
  });
});
