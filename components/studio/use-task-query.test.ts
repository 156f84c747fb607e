import { describe, expect, it } from "vitest";
import type { PresentedTask } from "./task-types";
import { isTaskSettled } from "./use-task-query";

const task = (status: string, mediaState: string, awaitingResultUrls: boolean) =>
  ({ status, studio: { mediaState, awaitingResultUrls, media: [] } }) as unknown as PresentedTask;

describe("isTaskSettled", () => {
  it("keeps polling a completed task while the studio still asks for its result URL", () => {
    expect(isTaskSettled(task("completed", "none", true))).toBe(false);
    expect(isTaskSettled(task("completed", "none", false))).toBe(true);
  });

  it("keeps polling while downloads are pending, and stops at failed", () => {
    expect(isTaskSettled(task("completed", "pending", false))).toBe(false);
    expect(isTaskSettled(task("completed", "stored", false))).toBe(true);
    expect(isTaskSettled(task("processing", "none", false))).toBe(false);
    expect(isTaskSettled(task("failed", "none", false))).toBe(true);
  });
});
