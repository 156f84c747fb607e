import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "../generated/prisma/client";
import { createDb, type Db } from "../db-client";
import { createTempDb } from "../testing/temp-db";
import { claimRows, leaseFree } from "./claim-rows";
import { claimLease, readHeld, releaseLease, renewLease, updateHeld } from "./lease";
import { claimPaceSlot, releasePaceSlot } from "./pace-slot";
import { takeTurn } from "./turn";
import { raceOnce, type RaceOutcome } from "./testing/race";
import { countInWindow } from "./window-counter";

/**
 * The coordination primitives on a real database (SQLite, and PostgreSQL in the suite's second run),
 * each raced from two clients of one database (two connection pools), and all of them at once from
 * two studio processes (lib/coordination/testing/race-process.ts).
 */
let temp: ReturnType<typeof createTempDb>;
let other: Db;

beforeAll(() => {
  temp = createTempDb();
  other = createDb(temp.url);
});
afterAll(async () => {
  await other.$disconnect();
  await temp.cleanup();
});

const both = () => [temp.db, other];

describe("fixed-window counter", () => {
  it("gives each of many concurrent hits its own count, in one window", async () => {
    const now = 1_000_000;
    const hits = await Promise.all(
      Array.from({ length: 12 }, (_, i) => countInWindow(both()[i % 2], "submit", "k1", 60_000, now)),
    );
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(new Set(hits.map((h) => h.resetAt))).toEqual(new Set([now + 60_000]));
  });

  it("starts a new window at one once the window ended, and keeps the two tables apart", async () => {
    const now = 2_000_000;
    await countInWindow(temp.db, "login", "k2", 1_000, now);
    expect(await countInWindow(other, "login", "k2", 1_000, now + 999)).toEqual({
      count: 2,
      resetAt: now + 1_000,
    });
    expect(await countInWindow(other, "login", "k2", 1_000, now + 1_000)).toEqual({
      count: 1,
      resetAt: now + 2_000,
    });
    expect(await countInWindow(temp.db, "submit", "k2", 1_000, now)).toEqual({
      count: 1,
      resetAt: now + 1_000,
    });
    expect(await temp.db.loginThrottle.findUnique({ where: { key: "k2" } })).toMatchObject({ attempts: 1 });
  });
});

describe("pace slot", () => {
  it("gives the slot to exactly one of concurrent claims and tells the others when to ask again", async () => {
    const now = 3_000_000;
    const slots = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimPaceSlot(both()[i % 2], "p1", now, 500)),
    );
    expect(slots.filter((s) => s.claimed)).toHaveLength(1);
    expect(slots.filter((s) => !s.claimed)).toEqual(Array(7).fill({ claimed: false, retryInMs: 500 }));
    expect(await claimPaceSlot(other, "p1", now + 499, 500)).toEqual({ claimed: false, retryInMs: 1 });
    expect(await claimPaceSlot(other, "p1", now + 500, 500)).toEqual({ claimed: true });
  });

  it("lets the next claim go at once when a claimed slot is given back", async () => {
    const now = 4_000_000;
    expect(await claimPaceSlot(temp.db, "p2", now, 10_000)).toEqual({ claimed: true });
    await releasePaceSlot(temp.db, "p2", now + 1);
    expect(await claimPaceSlot(other, "p2", now + 1, 10_000)).toEqual({ claimed: true });
  });
});

describe("lease on a row", () => {
  const LEASE = { table: "Conversation", holder: "answerLeaseId", until: "answerLeaseUntil" };
  type StopRow = { answerStopAt: number | bigint | null };

  it("is held by one claimer at a time, renewed and released only by its holder", async () => {
    const { id } = await temp.db.conversation.create({ data: { model: "m" } });
    const now = 5_000_000;
    const claims = await Promise.all(
      ["a", "b", "c", "d"].map((token, i) =>
        claimLease(both()[i % 2], LEASE, id, { token, now, leaseMs: 1_000, set: { answerStopAt: 7 } }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const holder = ["a", "b", "c", "d"][claims.indexOf(true)];
    const stranger = holder === "a" ? "b" : "a";

    expect(await renewLease(other, LEASE, id, stranger, now + 5_000)).toEqual([]);
    expect(await updateHeld(other, LEASE, id, stranger, { answerMessageId: "x" })).toBe(false);
    expect(await renewLease<StopRow>(other, LEASE, id, holder, now + 2_000, ["answerStopAt"])).toEqual([
      { answerStopAt: expect.anything() },
    ]);
    expect(await updateHeld(temp.db, LEASE, id, holder, { answerMessageId: "m1" })).toBe(true);
    expect(await readHeld(other, LEASE, id, holder, ["answerMessageId"])).toEqual([
      { answerMessageId: "m1" },
    ]);
    // Renewed to now + 2000: still held at now + 1500, free from now + 2000.
    expect(await claimLease(other, LEASE, id, { token: "e", now: now + 1_500, leaseMs: 1_000 })).toBe(false);

    await releaseLease(other, LEASE, id, stranger, { answerMessageId: null });
    expect(await readHeld(temp.db, LEASE, id, holder, ["answerMessageId"])).toHaveLength(1);
    await releaseLease(other, LEASE, id, holder, { answerMessageId: null });
    expect(await temp.db.conversation.findUnique({ where: { id } })).toMatchObject({
      answerLeaseId: null,
      answerLeaseUntil: null,
      answerMessageId: null,
    });
    expect(await claimLease(temp.db, LEASE, id, { token: "e", now: now + 1_500, leaseMs: 1_000 })).toBe(true);
  });

  it("lets a claim take a lease whose holder let it run out", async () => {
    const { id } = await temp.db.conversation.create({ data: { model: "m" } });
    expect(await claimLease(temp.db, LEASE, id, { token: "dead", now: 100, leaseMs: 1_000 })).toBe(true);
    expect(await claimLease(other, LEASE, id, { token: "next", now: 1_100, leaseMs: 1_000 })).toBe(true);
    expect(await renewLease(temp.db, LEASE, id, "dead", 5_000)).toEqual([]);
  });
});

describe("claiming many rows", () => {
  it("never gives one row to two concurrent claims, and passes over held rows", async () => {
    await temp.db.conversation.deleteMany();
    await temp.db.conversation.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({ id: `c${String(i).padStart(2, "0")}`, model: "m" })),
    });
    const now = 10_000;
    const claim = (db: Db, token: string) =>
      claimRows<{ id: string }>(db, {
        table: "Conversation",
        set: Prisma.sql`"answerLeaseId" = ${token}, "answerLeaseUntil" = ${now + 1_000}`,
        where: leaseFree(Prisma.sql`"answerLeaseUntil"`, now),
        orderBy: Prisma.sql`"id" ASC`,
        limit: 4,
        returning: ["id"],
      });
    const rounds = await Promise.all(Array.from({ length: 6 }, (_, i) => claim(both()[i % 2], `t${i}`)));
    const ids = rounds.flat().map((r) => r.id);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    const all = Array.from({ length: 30 }, (_, i) => `c${String(i).padStart(2, "0")}`);
    const free = all.filter((id) => !ids.includes(id));
    const last = await claim(temp.db, "last");
    expect(last.map((r) => r.id).sort()).toEqual(free.slice(0, 4));
  });
});

describe("one turn at a time", () => {
  it("makes a second transaction of the same key wait until the first has committed", async () => {
    const events: string[] = [];
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let first!: () => void;
    const firstHasTurn = new Promise<void>((resolve) => (first = resolve));
    const one = temp.db.$transaction(async (tx) => {
      await takeTurn(tx, "spender-1", 1);
      events.push("one: turn");
      first();
      await sleep(300);
      events.push("one: done");
    });
    await firstHasTurn;
    const two = temp.db.$transaction(
      async (tx) => {
        await takeTurn(tx, "spender-1", 2);
        events.push("two: turn");
      },
      { maxWait: 10_000, timeout: 10_000 },
    );
    await Promise.all([one, two]);
    expect(events).toEqual(["one: turn", "one: done", "two: turn"]);
    expect(await temp.db.budgetAdmission.findUnique({ where: { spender: "spender-1" } })).toMatchObject({
      at: 2n,
    });
  });
});

describe("two studio processes racing", () => {
  /** The other process, started and connected; `go` starts its race and resolves with its outcome. */
  async function otherProcess(conversationId: string) {
    const script = path.join(import.meta.dirname, "testing/race-process.ts");
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", script, temp.url, conversationId, "other"],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    const lines = createInterface({ input: child.stdout });
    const next = () =>
      new Promise<string>((resolve, reject) => {
        lines.once("line", resolve);
        child.once("exit", (code) => reject(new Error(`race process exited with ${code}`)));
      });
    expect(await next()).toBe("ready");
    return {
      go: async (): Promise<RaceOutcome> => {
        const outcome = next();
        child.stdin.write("go\n");
        return JSON.parse(await outcome) as RaceOutcome;
      },
    };
  }

  it("counts, paces, claims rows and takes a lease as one: no count twice, one slot, no row twice, one holder", async () => {
    await temp.db.conversation.createMany({
      data: Array.from({ length: 40 }, (_, i) => ({
        id: `race${String(i).padStart(2, "0")}`,
        model: "race",
      })),
    });
    const { id } = await temp.db.conversation.create({ data: { model: "lease" } });
    const other = await otherProcess(id);
    const [theirs, ours] = await Promise.all([other.go(), raceOnce(temp.db, id, "this")]);

    const counts = [...theirs.counts, ...ours.counts].sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(theirs.paceClaims + ours.paceClaims).toBe(1);
    const rowIds = [...theirs.rowIds, ...ours.rowIds];
    expect(rowIds).toHaveLength(30);
    expect(new Set(rowIds).size).toBe(30);
    expect([theirs.leaseHeld, ours.leaseHeld].filter(Boolean)).toHaveLength(1);
  }, 60_000);
});
