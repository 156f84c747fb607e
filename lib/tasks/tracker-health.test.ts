import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedTask, taskTestbed } from "./testing/task-fixtures";
import { readTrackerHealth } from "./tracker-health";

let bed: ReturnType<typeof taskTestbed>;
beforeAll(() => {
  bed = taskTestbed();
});
afterAll(async () => {
  await bed.cleanup();
});

describe("tracker health", () => {
  it("says the tracker is behind, and why, from what the database holds", async () => {
    const now = bed.now();
    const onTime = await readTrackerHealth(bed.db, now);
    expect(onTime).toMatchObject({ runningTasks: 0, behind: false, reasons: [], pendingDownloads: 0 });

    await seedTask(bed.db, { id: "h-late", status: "processing", nextPollAt: new Date(now - 12_000) });
    await seedTask(bed.db, {
      id: "h-being-asked",
      status: "processing",
      nextPollAt: new Date(now - 60_000),
      pollLeaseUntil: new Date(now + 30_000),
    });
    await seedTask(bed.db, {
      id: "h-failing",
      status: "queued",
      nextPollAt: new Date(now + 60_000),
      lastPolledAt: new Date(now - 1_000),
      lastPollError: "The upstream rejected the request (HTTP 503): busy",
    });
    await seedTask(bed.db, { id: "h-done", status: "completed", mediaState: "pending" });
    const expires = new Date(Math.floor(now / 1000) * 1000 + 45_000);
    await bed.db.media.create({
      data: {
        taskId: "h-done",
        role: "result",
        fields: "result_url",
        sourceUrl: "https://cdn.example/h.mp4",
        expiresAt: expires,
        nextAttemptAt: new Date(now - 20_000),
      },
    });

    const health = await readTrackerHealth(bed.db, now);
    expect(health).toMatchObject({
      tracking: false,
      runningTasks: 3,
      oldestOverduePollSeconds: 12,
      pendingDownloads: 1,
      oldestDueDownloadSeconds: 20,
      soonestUrlExpiry: expires.toISOString(),
      lastUpstreamError: { message: "The upstream rejected the request (HTTP 503): busy" },
      behind: true,
    });
    expect(health.reasons).toEqual([
      "A running task's poll is 12 s overdue.",
      "A result file has waited 20 s for its download.",
    ]);
  });
});
