/**
 * PostgreSQL going away under ~20 running tasks: the studio's pool talks to the real server through
 * a TCP proxy that refuses or stalls every connection for a few seconds, while the tracker polls an
 * upstream double over HTTP and downloads its results into MEDIA_DIR. After the fault: every task
 * completed with its file stored once, no duplicate row, no file without a row, nothing stuck
 * "downloading"; during it, requests answer within the bounded wait with 503 + Retry-After.
 * Runs on the suite's PostgreSQL server in every run (a database of its own), whichever
 * STUDIO_TEST_DB says.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../db-client";
import { startFaultProxy, type FaultMode, type FaultProxy } from "../testing/fault-proxy";
import { setEnv } from "../testing/env-vars";
import { holdSqliteLock } from "../testing/sqlite-lock-holder";
import { createTempDb } from "../testing/temp-db";
import { createMigratedPostgresDb, testPostgresAdminUrl } from "../testing/postgres-test-server";
import { startTaskServiceDouble, type TaskServiceDouble } from "../upstream/testing/task-service-double";
import { taskDeps, type TaskDeps } from "./deps";
import { expectNothingLost, sleep, waitSettled } from "./testing/outage-harness";
import { listFiles } from "./testing/task-fixtures";
import { startTracker, type Tracker } from "./tracker";
import { UpstreamGate } from "./upstream-gate";

const API_KEY = "outage-key";
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "db-outage-"));
const mediaDir = path.join(scratch, "media");
let proxy: FaultProxy;
let double: TaskServiceDouble;
let drop: () => Promise<void>;
let directUrl: string;
let direct: Db;
let restoreEnv: () => void;
let listRoute: (request: Request) => Promise<Response>;
let healthRoutes: { health: Handler; ready: Handler };
const clients: Db[] = [];
const logs: string[] = [];

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

beforeAll(async () => {
  const created = await createMigratedPostgresDb(
    testPostgresAdminUrl(),
    `studio_outage_${randomBytes(4).toString("hex")}`,
  );
  directUrl = created.url;
  drop = created.drop;
  const server = new URL(directUrl);
  proxy = await startFaultProxy({ host: server.hostname, port: Number(server.port || 5432) });
  double = await startTaskServiceDouble({
    apiKey: API_KEY,
    latencyMs: 10,
    // Shorter than a download's lease, as in production (120 s against 3 min): a download left
    // "downloading" by the outage until its lease runs out finds its URL expired.
    urlLifetimeMs: 25_000,
    fileBytes: 300_000,
    // Each file takes ~0.6 s to arrive: some are in flight whenever the fault begins.
    bytesPerSecond: 500_000,
  });
  // Short bounds, as an operator would set them, so a stalled server answers within seconds.
  restoreEnv = setEnv({
    DATABASE_URL: `${proxy.via(directUrl)}?connection_limit=6`,
    DATABASE_CONNECT_TIMEOUT_MS: "1000",
    DATABASE_STATEMENT_TIMEOUT_MS: "1500",
    MEDIA_DIR: mediaDir,
    UPSTREAM_BASE_URL: double.url,
    UPSTREAM_API_KEY: API_KEY,
  });
  direct = createDb(directUrl);
  listRoute = (await import("@/app/api/tasks/route")).GET;
  healthRoutes = {
    health: (await import("@/app/api/health/route")).GET as Handler,
    ready: (await import("@/app/api/health/ready/route")).GET as Handler,
  };
});

afterAll(async () => {
  const { db } = await import("../db");
  // A pool may still wait on a connection the stall held: do not let it hold the run.
  const disconnects = [db(), direct, ...clients].map((c) => c?.$disconnect());
  await Promise.race([Promise.allSettled(disconnects), sleep(5_000)]);
  await proxy?.close();
  await double?.close();
  await drop?.();
  restoreEnv?.();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** One studio instance's tracker on the database through the proxy, with leases of seconds. */
async function instance(db?: Db, downloadLeaseMs = 30_000): Promise<Tracker> {
  const own = db ?? (await import("../db")).db();
  const deps: TaskDeps = taskDeps({
    db: own,
    upstream: { baseUrl: double.url, apiKey: API_KEY, timeoutMs: 3_000 },
    fetchPolicy: { allow: [double.url] },
    createThumbnail: async () => undefined,
    gate: new UpstreamGate(),
    log: {
      info: (...args: unknown[]) => void logs.push(args.map(String).join(" ")),
      warn: (...args: unknown[]) => void logs.push(args.map(String).join(" ")),
      error: (...args: unknown[]) => void logs.push(args.map(String).join(" ")),
    },
    polling: { minIntervalMs: 300, intervalMs: [300, 500], leaseMs: 2_000, maxBackoffMs: 1_000 },
    downloads: { leaseMs: downloadLeaseMs, backoffMs: 200, idleTimeoutMs: 3_000 },
  });
  return startTracker(deps, { pollWorkers: 8, downloadWorkers: 6, idleMs: 50, sweepMs: 500 });
}

async function seed(prefix: string, count: number, durationMs: (i: number) => number) {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(2, "0")}`);
  for (const [i, id] of ids.entries()) double.seed([id], { durationMs: durationMs(i) });
  await direct.task.createMany({
    data: ids.map((id) => ({ id, model: "sd_2.5_ORelay", kind: "video", status: "queued", request: "{}" })),
  });
  return ids;
}

async function until(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(10);
  }
}

/** A request during the fault: answered within the bounded wait, 503 naming the database. */
async function askDuringFault() {
  const started = Date.now();
  const response = await listRoute(new Request("http://studio.test/api/tasks"));
  const body = (await response.json()) as { error?: { code: string; dependency: string; message: string } };
  return {
    tookMs: Date.now() - started,
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body,
  };
}

/** /api/health and /ready during the fault: 503, the database down since (about) its start. */
async function healthDuringFault(faultStarted: number) {
  const started = Date.now();
  const call = (handler: Handler, url: string) =>
    handler(new Request(`http://studio.test${url}`), { params: Promise.resolve({}) });
  const health = await call(healthRoutes.health, "/api/health");
  const body = (await health.json()) as { dependencies: Record<string, { status: string; since: string }> };
  const ready = await call(healthRoutes.ready, "/api/health/ready");
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(health.status).toBe(503);
  expect(body.dependencies.database.status).toBe("down");
  expect(Date.parse(body.dependencies.database.since)).toBeGreaterThanOrEqual(faultStarted - 1_000);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ ready: false, down: ["database"] });
}

async function faultFor(mode: FaultMode, ms: number, checkHealth = false) {
  proxy.set(mode);
  const started = Date.now();
  await sleep(300);
  const answer = await askDuringFault();
  if (checkHealth) {
    await sleep(Math.max(0, 1_050 - (Date.now() - started))); // past the health check shared for 1 s
    await healthDuringFault(started);
  }
  await sleep(Math.max(0, ms - (Date.now() - started)));
  proxy.set("pass");
  return answer;
}

describe("PostgreSQL outage under running tasks (through a TCP fault proxy)", () => {
  it.each<[FaultMode]>([["refuse"], ["stall"]])(
    "%s for 4 s: every task completes with its files stored once, requests answer 503 in the bounded wait, health says the database is down",
    async (mode) => {
      const tracker = await instance();
      try {
        // Completions spread over 0.5–3.3 s: some before, many during, some after the fault.
        const ids = await seed(mode, 20, (i) => 500 + i * 150);
        await sleep(1_500);
        const answer = await faultFor(mode, 4_000, true);
        expect(answer.status).toBe(503);
        expect(answer.retryAfter).toBe("5");
        expect(answer.body.error).toMatchObject({ code: "dependency_unavailable", dependency: "database" });
        expect(answer.body.error?.message).toMatch(/^The database is unavailable/);
        expect(answer.tookMs).toBeLessThan(5_000);
        await waitSettled(direct, ids, 30_000, logs);
        await expectNothingLost(direct, ids, listFiles(mediaDir));
      } finally {
        await tracker.stop();
      }
    },
    60_000,
  );

  it("two studio instances sharing the database lose and duplicate nothing across a refused fault", async () => {
    const other = createDb(`${proxy.via(directUrl)}?connection_limit=6`);
    clients.push(other);
    const trackers = [await instance(), await instance(other)];
    try {
      const ids = await seed("two", 20, (i) => 500 + i * 150);
      await sleep(1_500);
      await faultFor("refuse", 4_000);
      await waitSettled(direct, ids, 30_000, logs);
      await expectNothingLost(direct, ids, listFiles(mediaDir));
    } finally {
      await Promise.all(trackers.map((t) => t.stop()));
    }
  }, 60_000);

  it("a file stored while its row could not be written is adopted on the next claim, not fetched again", async () => {
    // The download gives up waiting for the database after its lease (1.5 s); the fault lasts 5 s,
    // and the URL expires 3 s after the task completed: only adoption can store the result.
    const tracker = await instance(undefined, 1_500);
    try {
      const [id] = await seed("adopt", 1, () => 300);
      await until(() => double.fileTransfers.some((t) => t.id === id), 10_000);
      // Mid-transfer: the bytes keep flowing (the upstream is fine), the row write that follows fails.
      await sleep(300);
      proxy.set("refuse");
      await sleep(5_000);
      proxy.set("pass");
      await waitSettled(direct, [id], 20_000, logs);
      await expectNothingLost(direct, [id], listFiles(mediaDir));
      expect(double.fileTransfers.filter((t) => t.id === id)).toHaveLength(1);
      expect(logs.some((line) => line.includes(`tasks/${id}/`) && line.includes("adopted"))).toBe(true);
    } finally {
      await tracker.stop();
    }
  }, 40_000);
});

describe("SQLite locked by another process under running tasks", () => {
  it("a 4 s lock (past DATABASE_LOCK_WAIT_MS) loses nothing: every task completes with its files stored once", async () => {
    const sqlite = createTempDb({ dialect: "sqlite" });
    const restore = setEnv({ DATABASE_LOCK_WAIT_MS: "1000" });
    const db = createDb(sqlite.url);
    restore();
    const saved = direct;
    direct = db;
    const tracker = await instance(db);
    try {
      const ids = await seed("lock", 20, (i) => 500 + i * 150);
      await sleep(1_500);
      const { released } = await holdSqliteLock(sqlite.file, 4_000);
      // Reads go on while the lock is held (WAL), without waiting for it.
      const started = Date.now();
      await db.task.count();
      expect(Date.now() - started).toBeLessThan(1_000);
      await released;
      await waitSettled(direct, ids, 30_000, logs);
      await expectNothingLost(direct, ids, listFiles(mediaDir));
    } finally {
      await tracker.stop();
      direct = saved;
      await sqlite.cleanup();
    }
  }, 60_000);
});
