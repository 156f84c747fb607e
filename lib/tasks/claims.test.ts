import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../db-client";
import { claimDownloads, claimDuePolls, releaseLostClaim } from "./claims";
import { seedTask, taskTestbed } from "./testing/task-fixtures";

/**
 * The scheduler's claims on a real SQLite file with a controlled clock: who is polled next, that
 * an overloaded tracker still reaches every task in turn, and that two processes never poll
 * the same task at once.
 */
let bed: ReturnType<typeof taskTestbed>;
const T0 = Date.UTC(2026, 0, 1);
const claim = (db: Db, now: number, limit: number) =>
  claimDuePolls(db, { now, limit, leaseMs: 60_000, minIntervalMs: 5_000 });

beforeAll(() => {
  bed = taskTestbed();
});
afterAll(async () => {
  await bed.cleanup();
});

async function reset() {
  await bed.db.media.deleteMany();
  await bed.db.task.deleteMany();
}

/** What a recorded answer does to the schedule: next poll in `intervalMs`, lease cleared. */
async function answered(ids: string[], now: number, intervalMs: number) {
  await bed.db.task.updateMany({
    where: { id: { in: ids } },
    data: { nextPollAt: new Date(now + intervalMs), pollLeaseUntil: null },
  });
}

describe("poll claims", () => {
  it("take the most overdue due tasks first, never one leased, recent or settled", async () => {
    await reset();
    const at = (s: number) => new Date(T0 + s * 1000);
    await seedTask(bed.db, { id: "due-3s", status: "processing", nextPollAt: at(-3) });
    await seedTask(bed.db, { id: "due-30s", status: "queued", nextPollAt: at(-30) });
    await seedTask(bed.db, { id: "due-10s", status: "processing", nextPollAt: at(-10) });
    await seedTask(bed.db, { id: "due-1s", status: "processing", nextPollAt: at(-1) });
    await seedTask(bed.db, { id: "future", status: "processing", nextPollAt: at(2) });
    await seedTask(bed.db, {
      id: "leased",
      status: "processing",
      nextPollAt: at(-60),
      pollLeaseUntil: at(5),
    });
    await seedTask(bed.db, {
      id: "asked-2s-ago",
      status: "processing",
      nextPollAt: at(-60),
      lastPolledAt: at(-2),
    });
    await seedTask(bed.db, { id: "done", status: "completed", nextPollAt: at(-60), mediaState: "stored" });
    await seedTask(bed.db, {
      id: "awaits-url",
      status: "completed",
      mediaState: "none",
      finishedAt: at(-20),
      nextPollAt: at(-20),
    });

    const first = await claim(bed.db, T0, 3);
    expect(first.map((t) => t.id)).toEqual(["due-30s", "awaits-url", "due-10s"]);
    expect(first.every((t) => t.lastPolledAt?.getTime() === T0)).toBe(true);
    const leased = await bed.db.task.findMany({ where: { id: { in: first.map((t) => t.id) } } });
    expect(leased.every((t) => t.pollLeaseUntil?.getTime() === T0 + 60_000)).toBe(true);
    const second = await claim(bed.db, T0, 10);
    expect(second.map((t) => t.id)).toEqual(["due-3s", "due-1s"]);
    expect(await claim(bed.db, T0, 10)).toEqual([]);
  });

  it("reach every task in turn when there are more due than workers (no task starved)", async () => {
    await reset();
    // 40 tasks, each due 5 s after its answer, but only 4 polls a second: twice the load the
    // tracker can carry. Fair degradation: everyone is polled about every 10 s.
    const ids = Array.from({ length: 40 }, (_, i) => `load-${String(i).padStart(2, "0")}`);
    for (const [i, id] of ids.entries()) {
      await seedTask(bed.db, { id, status: "processing", nextPollAt: new Date(T0 - i * 10) });
    }
    const polledAt = new Map<string, number[]>(ids.map((id) => [id, []]));
    let now = T0;
    for (let second = 0; second < 120; second++) {
      const claimed = await claim(bed.db, now, 4);
      for (const task of claimed) polledAt.get(task.id)!.push(now);
      now += 1_000;
      await answered(
        claimed.map((t) => t.id),
        now,
        5_000,
      );
    }
    const counts = ids.map((id) => polledAt.get(id)!.length);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(11);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    const gaps = ids.flatMap((id) =>
      polledAt
        .get(id)!
        .slice(1)
        .map((t, i) => t - polledAt.get(id)![i]),
    );
    expect(Math.max(...gaps)).toBeLessThanOrEqual(11_000);
    // The first round goes in order of how overdue each task was (the last seeded, most).
    expect(ids.map((id) => polledAt.get(id)![0])).toEqual(
      ids.map((_, i) => T0 + Math.floor((ids.length - 1 - i) / 4) * 1000),
    );
  });

  it("never give one task to two processes at once; a dead process's lease runs out", async () => {
    await reset();
    const ids = Array.from({ length: 200 }, (_, i) => `shared-${i}`);
    await bed.db.task.createMany({
      data: ids.map((id) => ({
        id,
        model: "sd_2.5_ORelay",
        kind: "video",
        status: "processing",
        request: "{}",
        nextPollAt: new Date(T0 - 1_000),
      })),
    });
    // Two clients on one file: two studio processes sharing the database.
    const other = createDb(bed.databaseUrl);
    try {
      const rounds = await Promise.all(
        Array.from({ length: 20 }, (_, i) => claim(i % 2 ? other : bed.db, T0, 15)),
      );
      const claimed = rounds.flat().map((t) => t.id);
      expect(claimed).toHaveLength(200);
      expect(new Set(claimed).size).toBe(200);
      // Nothing is claimable while the leases hold; all of it once they ran out (process died).
      expect(await claim(other, T0 + 59_000, 500)).toEqual([]);
      expect(await claim(other, T0 + 60_000, 500)).toHaveLength(200);
    } finally {
      await other.$disconnect();
    }
  });
});

describe("download claims", () => {
  it("take the soonest-expiring URL first, then the oldest; an expired lease is taken over", async () => {
    await reset();
    await seedTask(bed.db, { id: "dl", status: "completed", mediaState: "pending" });
    const row = (url: string, data: Record<string, unknown>) =>
      bed.db.media.create({
        data: {
          taskId: "dl",
          role: "result",
          fields: "result_url",
          sourceUrl: url,
          nextAttemptAt: new Date(T0 - 1),
          ...data,
        },
      });
    await row("u-old-noexpiry", { createdAt: new Date(T0 - 50_000), nextAttemptAt: new Date(T0 - 50_000) });
    await row("u-expires-later", { expiresAt: new Date(T0 + 600_000), createdAt: new Date(T0 - 10_000) });
    await row("u-expires-soon", { expiresAt: new Date(T0 + 30_000), createdAt: new Date(T0 - 5_000) });
    await row("u-retry-later", { nextAttemptAt: new Date(T0 + 5_000), createdAt: new Date(T0 - 90_000) });
    await row("u-held", {
      status: "downloading",
      leaseUntil: new Date(T0 + 1_000),
      createdAt: new Date(T0 - 99_000),
    });
    await row("u-orphaned", {
      status: "downloading",
      leaseUntil: new Date(T0 - 1),
      attempts: 1,
      createdAt: new Date(T0 - 1_000),
    });

    const media = await claimDownloads(bed.db, { now: T0, limit: 10, leaseMs: 180_000 });
    expect(media.map((m) => m.sourceUrl)).toEqual([
      "u-expires-soon",
      "u-expires-later",
      "u-old-noexpiry",
      "u-orphaned",
    ]);
    expect(media.every((m) => m.status === "downloading")).toBe(true);
    expect(media.find((m) => m.sourceUrl === "u-orphaned")?.attempts).toBe(2);
    expect(await claimDownloads(bed.db, { now: T0, limit: 10, leaseMs: 180_000 })).toEqual([]);
  });

  it("a claim whose answer was lost is released by its lease end, and no other claim's rows", async () => {
    await reset();
    await seedTask(bed.db, { id: "lost", status: "completed", mediaState: "pending" });
    for (const url of ["u-1", "u-2", "u-3"])
      await bed.db.media.create({
        data: {
          taskId: "lost",
          role: "result",
          fields: "result_url",
          sourceUrl: url,
          nextAttemptAt: new Date(T0 - 1),
        },
      });
    // Two claims (two processes); the first one's answer never reached its process.
    const lost = await claimDownloads(bed.db, { now: T0, limit: 2, leaseMs: 180_123 });
    const kept = await claimDownloads(bed.db, { now: T0, limit: 2, leaseMs: 180_456 });
    expect([lost.length, kept.length]).toEqual([2, 1]);

    const lease = new Date(T0 + 180_123);
    const released = await releaseLostClaim(bed.db, { kind: "download", lease }, new Date(T0 + 5_000));
    expect(released).toBe(2);
    const rows = await bed.db.media.findMany({ where: { taskId: "lost" }, orderBy: { sourceUrl: "asc" } });
    const byUrl = Object.fromEntries(rows.map((m) => [m.sourceUrl, m]));
    for (const m of lost)
      expect(byUrl[m.sourceUrl]).toMatchObject({ status: "pending", leaseUntil: null, attempts: 0 });
    expect(byUrl[kept[0].sourceUrl]).toMatchObject({ status: "downloading", attempts: 1 });
    // A lost poll claim: its tasks are free to be polled again (after the minimum interval).
    await seedTask(bed.db, { id: "lost-poll", status: "processing", nextPollAt: new Date(T0 - 1) });
    const polled = await claimDuePolls(bed.db, { now: T0, limit: 5, leaseMs: 60_789, minIntervalMs: 5_000 });
    expect(polled.map((t) => t.id)).toEqual(["lost-poll"]);
    const pollLease = new Date(T0 + 60_789);
    expect(await releaseLostClaim(bed.db, { kind: "poll", lease: pollLease }, new Date(T0 + 5_000))).toBe(1);
    expect((await claim(bed.db, T0 + 5_000, 5)).map((t) => t.id)).toEqual(["lost-poll"]);
    // Due again at once: the next claim takes them.
    const again = await claimDownloads(bed.db, { now: T0 + 5_000, limit: 10, leaseMs: 180_000 });
    expect(again.map((m) => m.sourceUrl).sort()).toEqual(lost.map((m) => m.sourceUrl).sort());
  });
});
