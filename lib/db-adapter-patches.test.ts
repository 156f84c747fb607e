import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "./db-client";
import { postgresWholeScripts, sqliteShadowScripts } from "./db-adapter-patches";
import { errorResponse } from "./http/respond";
import { setEnv } from "./testing/env-vars";
import { holdSqliteLock } from "./testing/sqlite-lock-holder";
import { createPgPool } from "./postgres-url";
import { createTempDb } from "./testing/temp-db";
import { postgresTestSettings } from "./testing/postgres-test-server";

/**
 * Each patch against a real database, with the script shape that made it necessary: the run's
 * database decides which (SQLite in the first run of the suite, PostgreSQL in the second).
 */
const onPostgres = postgresTestSettings() !== null;
let temp: ReturnType<typeof createTempDb>;
beforeAll(() => {
  temp = createTempDb();
});
afterAll(async () => {
  await temp.cleanup();
});

const plain = (sql: string) => ({ sql, args: [], argTypes: [] });

const sqliteSuite = () => {
  const migration = `CREATE TABLE "A" ("x" INTEGER);
CREATE TABLE "B" ("y" TEXT);
INSERT INTO "B" ("y") VALUES ('one; two');`;

  it("replays a multi-statement migration whole through the patched shadow adapter", async () => {
    const shadow = await sqliteShadowScripts(new PrismaBetterSQLite3({ url: temp.file })).connectToShadowDb();
    try {
      await shadow.executeRaw(plain(migration));
      const result = await shadow.queryRaw(plain(`SELECT "y" FROM "B"`));
      expect(result.rows).toEqual([["one; two"]]);
    } finally {
      await shadow.dispose();
    }
  });

  it("needs the patch: the adapter as shipped refuses the same migration", async () => {
    const shadow = await new PrismaBetterSQLite3({ url: temp.file }).connectToShadowDb();
    try {
      await expect(shadow.executeRaw(plain(migration))).rejects.toThrow();
    } finally {
      await shadow.dispose();
    }
  });
};

const postgresSuite = () => {
  // A function body and a string with ";" inside: split on ";", the pieces are not SQL.
  const migration = `CREATE TABLE "Note" ("text" TEXT);
INSERT INTO "Note" ("text") VALUES ('one; two');
CREATE FUNCTION "noteCount"() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  RETURN (SELECT count(*) FROM "Note");
END;
$$;`;

  it("runs a migration with a function body and a string holding semicolons as written", async () => {
    const factory = postgresWholeScripts(
      new PrismaPg(createPgPool(temp.url, 2), { disposeExternalPool: true }),
    );
    const adapter = await factory.connect();
    try {
      await adapter.executeScript(migration);
      const result = await adapter.queryRaw(
        plain(`SELECT "noteCount"() AS "n", (SELECT "text" FROM "Note") AS "t"`),
      );
      expect(result.rows).toEqual([["1", "one; two"]]);
    } finally {
      await adapter.dispose();
    }
  });

  it("needs the patch: the adapter as shipped refuses the same migration", async () => {
    const adapter = await new PrismaPg(createPgPool(temp.url, 2), { disposeExternalPool: true }).connect();
    try {
      await expect(adapter.executeScript(migration.replaceAll('"Note"', '"Note2"'))).rejects.toThrow();
    } finally {
      await adapter.dispose();
    }
  });
};

if (onPostgres) describe("PostgreSQL: whole scripts", postgresSuite);
else describe("SQLite: the shadow database's migrations", sqliteSuite);

/**
 * Another process (a backup, the admin CLI) holds SQLite's write lock: the studio's event loop
 * keeps serving while its writes wait on timers, then either go through once the lock is released
 * or answer 503 after DATABASE_LOCK_WAIT_MS. Runs on a SQLite file of its own in both runs.
 */
describe("SQLite: a write lock held by another process does not freeze the process", () => {
  let locked: ReturnType<typeof createTempDb>;
  let db: Db;
  beforeAll(() => {
    locked = createTempDb({ dialect: "sqlite" });
    const restore = setEnv({ DATABASE_LOCK_WAIT_MS: "1500" });
    db = createDb(locked.url);
    restore();
  });
  afterAll(async () => {
    await db.$disconnect();
    await locked.cleanup();
  });

  const holdLock = (ms: number) => holdSqliteLock(locked.file, ms);

  /** The longest the event loop went without running a 10 ms timer, while `work` runs. */
  async function loopStall<T>(work: Promise<T>): Promise<{ value: T; stallMs: number }> {
    let last = Date.now();
    let stallMs = 0;
    const ticker = setInterval(() => {
      stallMs = Math.max(stallMs, Date.now() - last);
      last = Date.now();
    }, 10);
    try {
      return { value: await work, stallMs };
    } finally {
      clearInterval(ticker);
    }
  }

  it("keeps serving reads while a write waits, and the write goes through once the lock is released", async () => {
    const { released } = await holdLock(1_000);
    const started = Date.now();
    const write = db.task.create({
      data: { id: "lock-1", model: "m", kind: "video", status: "queued", request: "{}" },
    });
    const inTransaction = db.$transaction(async (tx) => {
      await tx.task.create({
        data: { id: "lock-2", model: "m", kind: "video", status: "queued", request: "{}" },
      });
      return tx.task.count();
    });
    // A read while the lock is held answers at once (WAL: readers never wait for the writer).
    const read = await loopStall(db.task.count());
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(read.value).toBe(0);
    const both = await loopStall(Promise.all([write, inTransaction]));
    expect(both.stallMs).toBeLessThan(300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await released;
    expect(await db.task.count({ where: { id: { in: ["lock-1", "lock-2"] } } })).toBe(2);
  });

  it("answers 503 naming the database once DATABASE_LOCK_WAIT_MS has passed, without blocking meanwhile", async () => {
    const { released } = await holdLock(4_000);
    const started = Date.now();
    const { value: error, stallMs } = await loopStall(
      db.task
        .create({ data: { id: "lock-3", model: "m", kind: "video", status: "queued", request: "{}" } })
        .then(
          () => null,
          (e: unknown) => e,
        ),
    );
    const tookMs = Date.now() - started;
    expect(stallMs).toBeLessThan(300);
    expect(tookMs).toBeGreaterThanOrEqual(1_400);
    expect(tookMs).toBeLessThan(3_000);
    const response = errorResponse(error);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect((await response.json()).error).toMatchObject({
      code: "dependency_unavailable",
      dependency: "database",
    });
    // A transaction waits the same bounded time, then fails the same way; the process goes on.
    const txError = await db
      .$transaction(async (tx) => tx.task.count())
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(errorResponse(txError).status).toBe(503);
    await released;
    await expect(db.task.count()).resolves.toBeGreaterThanOrEqual(2);
  });
});
