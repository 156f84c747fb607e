import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectStudioGauges } from "../metrics/collect";
import { studioMetrics } from "../metrics/studio-metrics";
import { Scraped } from "../metrics/testing/scraped";
import { startFakeUpstream, type FakeUpstream } from "../upstream/testing/fake-upstream";
import { seedTask, taskTestbed } from "./testing/task-fixtures";
import { startTracker } from "./tracker";

/**
 * The tracker's figures as a scrape shows them, with a real tracker polling a real (fake) upstream:
 * the lag histogram, failures by kind, and the back-off a 429 starts.
 */
let upstream: FakeUpstream;
let bed: ReturnType<typeof taskTestbed>;

beforeAll(async () => {
  upstream = await startFakeUpstream(({ path }) => {
    const id = decodeURIComponent(path.split("/").pop() ?? "");
    if (id.startsWith("busy"))
      return { status: 429, headers: { "retry-after": "30" }, json: { error: "slow down" } };
    if (id.startsWith("broken")) return { status: 502, json: { error: { message: "bad gateway" } } };
    return { json: { id, status: "processing", progress: "10%" } };
  });
  bed = taskTestbed({ now: Date.now });
  bed.deps.upstream = { baseUrl: upstream.url, apiKey: "k", timeoutMs: 2000 };
});
afterAll(async () => {
  await upstream.close();
  await bed.cleanup();
});

const scrape = async () => new Scraped(await studioMetrics().registry.metrics());

describe("tracker metrics", () => {
  it("times every claimed poll's lag, counts failures by kind, and shows the 429 back-off", async () => {
    const before = await scrape();
    const late = new Date(Date.now() - 3_000);
    await seedTask(bed.db, { id: "fine-1", status: "processing", nextPollAt: late });
    await seedTask(bed.db, { id: "broken-1", status: "processing", nextPollAt: late });
    const tracker = startTracker(bed.deps, { idleMs: 20, pollWorkers: 1 });
    try {
      await expect.poll(() => upstream.count("/v2/model-center/tasks/"), { timeout: 10_000 }).toBe(2);
      await tracker.idle();
      let after = await scrape();
      expect(
        after.count("studio_tracker_poll_lag_seconds") - before.count("studio_tracker_poll_lag_seconds"),
      ).toBe(2);
      // Both were about 3 s late: their lag is in the histogram's sum.
      expect(
        after.sum("studio_tracker_poll_lag_seconds") - before.sum("studio_tracker_poll_lag_seconds"),
      ).toBeGreaterThan(5);
      expect(after.value("studio_tracker_failures_total", { kind: "upstream_5xx" })).toBe(1);
      expect(after.count("studio_tracker_poll_duration_seconds", { outcome: "answered" })).toBe(1);

      await seedTask(bed.db, { id: "busy-1", status: "processing", nextPollAt: new Date() });
      await expect
        .poll(() => upstream.requests.some((r) => r.path.endsWith("/busy-1")), { timeout: 10_000 })
        .toBe(true);
      await tracker.idle();
      await collectStudioGauges({ db: bed.db, tracker });
      after = await scrape();
      expect(after.value("studio_tracker_throttled_total")).toBe(1);
      expect(after.value("studio_tracker_failures_total", { kind: "throttled" })).toBe(1);
      expect(after.value("studio_tracker_backoff_remaining_seconds")).toBeGreaterThan(20);
      expect(after.value("studio_tracker_poll_workers", { state: "allowed" })).toBeLessThan(1);
      expect(after.value("studio_tracker_running_tasks")).toBe(3);
    } finally {
      await tracker.stop();
    }
  });
});
