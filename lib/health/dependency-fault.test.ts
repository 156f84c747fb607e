/**
 * The error mapper against real failures: a PostgreSQL port nobody listens on, a statement past its
 * time limit on the real server, a SQLite file another connection holds a write lock on, an S3
 * server that was stopped, a disk that is full (/dev/full).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, describe, expect, it } from "vitest";
import { sendVerdict } from "../batches/send-verdict";
import { createDb } from "../db-client";
import { PrismaClient } from "../generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "../generated/prisma-pg/client";
import { errorResponse } from "../http/respond";
import { createPgPool, pgTimeouts } from "../postgres-url";
import { S3MediaStore } from "../storage/s3-store";
import { startS3Server } from "../storage/testing/s3-server";
import { setEnv } from "../testing/env-vars";
import { testPostgresAdminUrl } from "../testing/postgres-test-server";
import { dependencyFault } from "./dependency-fault";

// Both kinds of database in every run, whichever STUDIO_TEST_DB says: the PostgreSQL faults on the
// test server (the suite's own, started by scripts/test.sh when none answers), the SQLite lock on a
// file of its own. So nothing here is skipped, and the file needs no second run.
const postgresUrl = testPostgresAdminUrl();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "dependency-fault-"));
const sqliteFile = path.join(scratch, "locked.db");

async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

async function answer(error: unknown) {
  const response = errorResponse(error);
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    text: await response.text(),
  };
}

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("database faults", () => {
  it("a refused PostgreSQL connection answers 503 + Retry-After naming the database, not its address", async () => {
    const pool = createPgPool("postgresql://postgres@127.0.0.1:1/postgres", 1, pgTimeouts({}));
    const db = new PostgresPrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
    const error = await failure(() => db.task.count());
    await db.$disconnect();

    expect(dependencyFault(error)).toMatchObject({ dependency: "database", kind: "it could not be reached" });
    const { status, retryAfter, text } = await answer(error);
    expect(status).toBe(503);
    expect(retryAfter).toBe("5");
    expect(JSON.parse(text).error).toMatchObject({
      code: "dependency_unavailable",
      dependency: "database",
      message: "The database is unavailable (it could not be reached); try again in a few seconds.",
    });
    expect(text).not.toMatch(/127\.0\.0\.1|:1\b/);
  });

  it("DATABASE_STATEMENT_TIMEOUT_MS bounds a statement on the real server; the answer is 503", async () => {
    const restore = setEnv({ DATABASE_STATEMENT_TIMEOUT_MS: "300" });
    const db = createDb(postgresUrl);
    restore();
    const started = Date.now();
    const error = await failure(() => db.$queryRaw`SELECT pg_sleep(5)`);
    const tookMs = Date.now() - started;
    await db.$disconnect();

    expect(tookMs).toBeLessThan(2_000);
    expect(dependencyFault(error)?.kind).toBe("a statement took longer than its time limit");
    expect((await answer(error)).status).toBe(503);
  });

  it("DATABASE_CONNECT_TIMEOUT_MS bounds the wait for a pooled connection; the answer is 503", async () => {
    const restore = setEnv({ DATABASE_CONNECT_TIMEOUT_MS: "300" });
    const db = createDb(`${postgresUrl.split("?")[0]}?connection_limit=1`);
    restore();
    // Prisma runs a query when awaited: Promise.resolve starts it; it holds the pool's one connection.
    const busy = Promise.resolve(db.$executeRaw`SELECT pg_sleep(1.5)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const error = await failure(() => db.$queryRaw`SELECT 1`);
    const tookMs = Date.now() - started;
    await busy;
    await db.$disconnect();

    expect(tookMs).toBeLessThan(1_200);
    // pg-pool's own error, not wrapped by Prisma.
    expect((error as Error).message).toBe("timeout exceeded when trying to connect");
    expect(dependencyFault(error)?.dependency).toBe("database");
    expect((await answer(error)).status).toBe(503);
  });

  it("a SQLite file locked by another writer answers 503 (SQLITE_BUSY)", async () => {
    const holder = new Database(sqliteFile);
    holder.exec("BEGIN IMMEDIATE");
    // The studio waits 10 s for a lock; a short wait keeps the test fast with the same error.
    const db = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: sqliteFile, timeout: 50 }) });
    try {
      const error = await failure(() => db.$executeRaw`CREATE TABLE "fault_probe" ("a" INTEGER)`);
      expect(dependencyFault(error)).toMatchObject({
        dependency: "database",
        kind: "it is locked by another writer",
      });
      const { status, retryAfter } = await answer(error);
      expect([status, retryAfter]).toEqual([503, "5"]);
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
      await db.$disconnect();
    }
  });

  it("a database fault in a batch send plans the item again only when the upstream was not called", () => {
    const error = Object.assign(new Error("Can't reach database server"), {
      name: "PrismaClientKnownRequestError",
      code: "P1001",
    });
    expect(sendVerdict(error, { upstreamCalled: false }).state).toBe("planned");
    expect(sendVerdict(error).state).toBe("outcome_unknown");
  });

  it("the timeouts are read from the environment with defaults and a clear error", () => {
    expect(pgTimeouts({})).toEqual({ statementTimeoutMs: 15_000, connectTimeoutMs: 5_000 });
    expect(pgTimeouts({ DATABASE_CONNECT_TIMEOUT_MS: "800" }).connectTimeoutMs).toBe(800);
    expect(() => pgTimeouts({ DATABASE_STATEMENT_TIMEOUT_MS: "soon" })).toThrow(
      'DATABASE_STATEMENT_TIMEOUT_MS: must be a whole number of milliseconds from 100 to 3600000 (got "soon")',
    );
  });
});

describe("media store faults", () => {
  it("an S3 server that is down answers 503 naming the media store, not its address", async () => {
    const s3 = await startS3Server();
    const store = new S3MediaStore(s3.config());
    await s3.close();
    const error = await failure(() => store.stat("tasks/t1/result.png"));

    expect(dependencyFault(error)).toMatchObject({
      dependency: "media store",
      kind: "it could not be reached",
    });
    const { status, retryAfter, text } = await answer(error);
    expect([status, retryAfter]).toEqual([503, "5"]);
    expect(JSON.parse(text).error.message).toBe(
      "The media store is unavailable (it could not be reached); try again in a few seconds.",
    );
    expect(text).not.toContain("127.0.0.1");
  });

  it("a full disk (ENOSPC) answers 503 naming the media store", async () => {
    const error = await failure(async () => fs.writeFileSync("/dev/full", "bytes"));
    expect(dependencyFault(error)).toMatchObject({ dependency: "media store", kind: "its disk is full" });
    expect((await answer(error)).status).toBe(503);
  });

  it("other errors stay 500 internal", async () => {
    expect(dependencyFault(new Error("boom"))).toBeNull();
    expect((await answer(new Error("boom"))).status).toBe(500);
  });
});
