import { expect } from "vitest";
import type { Db } from "../../db-client";
import { setEnv } from "../../testing/env-vars";
import { createTempDb } from "../../testing/temp-db";
import { startTaskServiceDouble, type TaskServiceDouble } from "../../upstream/testing/task-service-double";
import { taskDeps, type TaskDeps, type TaskDepsOverrides } from "../deps";
import { startTracker, type Tracker } from "../tracker";
import { UpstreamGate } from "../upstream-gate";

/** Bytes of each result file the harness's upstream serves. */
export const RESULT_BYTES = 300_000;
const API_KEY = "outage-key";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * ~20 running tasks through an upstream double while a dependency of the studio fails (the media
 * store's fault tests): results arrive over ~0.6 s each, so some are in flight whenever the fault
 * begins, and their URLs live 25 s — shorter than a download's lease, as in production.
 */
export async function startOutageUpstream(): Promise<TaskServiceDouble> {
  return startTaskServiceDouble({
    apiKey: API_KEY,
    latencyMs: 10,
    urlLifetimeMs: 25_000,
    fileBytes: RESULT_BYTES,
    bytesPerSecond: 500_000,
  });
}

/** One studio instance's tracker, with leases and backoffs of a fraction of a second. */
export function outageTracker(
  db: Db,
  double: TaskServiceDouble,
  logs: string[],
  overrides: TaskDepsOverrides = {},
): { tracker: Tracker; deps: TaskDeps } {
  const line = (...args: unknown[]) => void logs.push(args.map(String).join(" "));
  const deps = taskDeps({
    db,
    upstream: { baseUrl: double.url, apiKey: API_KEY, timeoutMs: 3_000 },
    fetchPolicy: { allow: [double.url] },
    createThumbnail: async () => undefined,
    gate: new UpstreamGate(),
    log: { info: line, warn: line, error: line },
    ...overrides,
    polling: {
      minIntervalMs: 300,
      intervalMs: [300, 500],
      leaseMs: 2_000,
      maxBackoffMs: 1_000,
      ...overrides.polling,
    },
    downloads: { leaseMs: 30_000, backoffMs: 200, idleTimeoutMs: 3_000, ...overrides.downloads },
  });
  return {
    deps,
    tracker: startTracker(deps, { pollWorkers: 8, downloadWorkers: 6, idleMs: 50, sweepMs: 500 }),
  };
}

/** `count` tasks, running upstream and in the studio's database, completing `durationMs(i)` from now. */
export async function seedRunningTasks(
  db: Db,
  double: TaskServiceDouble,
  prefix: string,
  count: number,
  durationMs: (i: number) => number,
): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(2, "0")}`);
  for (const [i, id] of ids.entries()) double.seed([id], { durationMs: durationMs(i) });
  await db.task.createMany({
    data: ids.map((id) => ({ id, model: "sd_2.5_ORelay", kind: "video", status: "queued", request: "{}" })),
  });
  return ids;
}

/** Waits until every task is completed with its media stored; returns how long that took. */
export async function waitSettled(db: Db, ids: string[], timeoutMs: number, logs: string[]): Promise<number> {
  const started = Date.now();
  for (;;) {
    const open = await db.task.count({
      where: { id: { in: ids }, OR: [{ status: { not: "completed" } }, { mediaState: { not: "stored" } }] },
    });
    if (open === 0) return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(
        `${open} of ${ids.length} tasks not settled; last log lines:\n${logs.slice(-8).join("\n")}`,
      );
    await sleep(100);
  }
}

/**
 * Nothing lost, nothing twice, no file without its row (nor a half-written one): `storedKeys`
 * is every file the store holds under these tasks' folders, as the store itself lists them.
 */
export async function expectNothingLost(db: Db, ids: string[], storedKeys: string[]) {
  const tasks = await db.task.findMany({ where: { id: { in: ids } }, include: { media: true } });
  expect(tasks).toHaveLength(ids.length);
  for (const task of tasks) {
    expect(task).toMatchObject({ status: "completed", mediaState: "stored" });
    expect(task.settledAt).not.toBeNull();
    expect(task.media.length).toBeGreaterThan(0);
    // One row per result URL the upstream gave: a duplicate would repeat a (role, source) pair.
    const keys = task.media.map((m) => `${m.role} ${m.sourceUrl}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const media of task.media) {
      expect(media).toMatchObject({ status: "stored", size: RESULT_BYTES, error: null });
      expect(media.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  }
  const rows = new Set(tasks.flatMap((t) => t.media.map((m) => m.path!)));
  const files = storedKeys.filter((key) => ids.some((id) => key.startsWith(`tasks/${id}/`)));
  expect(files.sort()).toEqual([...rows].sort());
}

/** Internal addresses a member must never read: IPs, host:port, absolute paths. */
export const INTERNAL_TEXT =
  /\d{1,3}(\.\d{1,3}){3}|localhost|:\d{2,5}\b|(^|[\s'"(])\/(tmp|var|mnt|work|home)\//;

export type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

/**
 * The studio as the fault tests call it: its environment pointed at a fresh database, the upstream
 * double and `env` (the media store under test), then its database client and the route handlers
 * a member and a load balancer reach. Imported after the environment is set, as a process reads it.
 */
export async function startOutageStudio(double: TaskServiceDouble, env: Record<string, string>) {
  const temp = createTempDb();
  const restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    TRACKER: "0",
    UPSTREAM_BASE_URL: double.url,
    UPSTREAM_API_KEY: API_KEY,
    ...env,
  });
  const db = (await import("../../db")).db();
  const routes = {
    media: (await import("@/app/api/media/[id]/route")).GET as RouteHandler,
    health: (await import("@/app/api/health/route")).GET as RouteHandler,
    ready: (await import("@/app/api/health/ready/route")).GET as RouteHandler,
    upload: (await import("@/app/api/uploads/route")).POST as RouteHandler,
    attach: (await import("@/app/api/chat/attachments/route")).POST as RouteHandler,
  };
  return {
    db,
    routes,
    async stop() {
      await db.$disconnect();
      await temp.cleanup();
      restoreEnv();
    },
  };
}

export type OutageStudio = Awaited<ReturnType<typeof startOutageStudio>>;
