import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../db-client";
import { createTempDb } from "../testing/temp-db";
import { shareRecovery, shareThrottle, syncGate } from "./shared-gate";
import { UpstreamGate } from "./upstream-gate";

/**
 * The back-off shared through the database, with a controlled clock: two processes (each its own
 * Prisma client on one SQLite file and its own gate) wait and recover together.
 */
const options = { pauseMs: 5_000, maxPauseMs: 60_000, recoverMs: 10_000, minShare: 1 / 16, syncMs: 1_000 };
let temp: ReturnType<typeof createTempDb>;
let otherDb: Db;

beforeAll(() => {
  temp = createTempDb();
  otherDb = createDb(temp.url);
});
afterAll(async () => {
  await otherDb.$disconnect();
  await temp.cleanup();
});

describe("shared back-off across processes", () => {
  it("makes the other process wait and recover on the same schedule, read at most once per syncMs", async () => {
    await temp.db.upstreamBackoff.deleteMany();
    const a = new UpstreamGate(options);
    const b = new UpstreamGate(options);
    const t = 1_000_000;
    await syncGate(otherDb, b, t);
    expect(b.allowed(64, t)).toBe(64);

    a.throttled(t + 100, 429, 3);
    await shareThrottle(temp.db, a);
    // b read the row at t: it learns of the pause at its next read, a second later.
    await syncGate(otherDb, b, t + 500);
    expect(b.waitMs(t + 500)).toBe(0);
    await syncGate(otherDb, b, t + 1_000);
    expect(b.waitMs(t + 1_000)).toBe(2_100);
    expect(b.last).toMatchObject({ status: 429, retryAfterSeconds: 3, until: t + 3_100 });
    // The same gradual recovery as the process that was told: half the workers, then all of them.
    const schedule = [t + 3_100, t + 8_100, t + 13_100];
    expect(schedule.map((at) => b.allowed(64, at))).toEqual([32, 48, 64]);
    expect(schedule.map((at) => a.allowed(64, at))).toEqual([32, 48, 64]);
  });

  it("keeps the longer pause when a shorter one is reported later, and counts 429s in a row across processes", async () => {
    await temp.db.upstreamBackoff.deleteMany();
    const a = new UpstreamGate(options);
    const b = new UpstreamGate(options);
    const t = 2_000_000;
    a.throttled(t, 503, 60);
    await shareThrottle(temp.db, a);
    b.throttled(t + 10, 429, 2);
    await shareThrottle(otherDb, b);
    // b adopted a's minute at once, not its own 2 s.
    expect(b.waitMs(t + 10)).toBe(59_990);

    // After the pause, a 429 without Retry-After in b, then one in a: the second pause doubles.
    const later = t + 60_000;
    b.throttled(later, 429);
    await shareThrottle(otherDb, b);
    await syncGate(temp.db, a, later + 5_000);
    a.throttled(later + 5_000, 429);
    expect(a.waitMs(later + 5_000)).toBe(4 * options.pauseMs); // third in a row: 5 s, 10 s, 20 s
    await shareThrottle(temp.db, a);

    // An answer after the pause starts the count over for every process.
    expect(a.answered()).toBe(true);
    await shareRecovery(temp.db, later + 30_000);
    const row = await otherDb.upstreamBackoff.findUniqueOrThrow({ where: { key: "task-api" } });
    expect(row.inARow).toBe(0);
  });
});
