import { describe, expect, it } from "vitest";
import { taskDeps } from "./deps";

describe("taskDeps polling", () => {
  it("polls each task every 5–8 s and asks at most every 5 s (spec: every 5 to 10 s) by default", () => {
    // The suite runs without TRACKER_POLL_INTERVAL_MS: the faster window is the end-to-end studio's.
    expect(process.env.TRACKER_POLL_INTERVAL_MS).toBeUndefined();
    const { polling } = taskDeps({
      db: {} as never,
      upstream: {} as never,
      fetchPolicy: {} as never,
      gate: {} as never,
    });
    expect(polling.intervalMs).toEqual([5_000, 8_000]);
    expect(polling.minIntervalMs).toBe(5_000);
  });
});
