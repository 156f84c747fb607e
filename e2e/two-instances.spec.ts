import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createDb, type Db } from "@/lib/db-client";
import { startS3Server, type S3TestServer } from "@/lib/storage/testing/s3-server";
import { DEFAULT_TEST_POSTGRES_URL } from "@/lib/testing/postgres-test-server";
import { databaseUrl, psql } from "@/lib/testing/temp-db";
import { startTaskServiceDouble, type TaskServiceDouble } from "@/lib/upstream/testing/task-service-double";
import { clientPortsOfGroup } from "./support/server-process";
import { startStudio, waitUntilReady, type StudioProcess } from "./support/studio-start";

/**
 * Two studio processes (`next start` on the built app) on one PostgreSQL database and one S3
 * bucket, behind no proxy: both run the tracker. Results download slowly; one instance is killed
 * (SIGKILL) while it holds downloads. The other takes its work over within one lease period, and
 * every result ends up stored exactly once: one Media row stored, one object, the upstream's bytes.
 */
const base = Number(process.env.E2E_PORT ?? 3100);
const adminUrl = process.env.TEST_POSTGRES_URL || DEFAULT_TEST_POSTGRES_URL;
const database = `studio_e2e_instances_${base}`;
const TASKS = 24;
const FILE_BYTES = 1_500_000;
const LEASE_SECONDS = 10;

test.describe.configure({ mode: "serial" });

let double: TaskServiceDouble;
let s3: S3TestServer;
let db: Db;
const studios: StudioProcess[] = [];

test.beforeAll(async () => {
  psql(adminUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  psql(adminUrl, `CREATE DATABASE "${database}"`);
  // Each file takes ~2 s at 750 kB/s: with 3 download workers an instance holds 3 at any time.
  double = await startTaskServiceDouble({
    apiKey: "k",
    taskDurationMs: 1_000,
    urlLifetimeMs: 600_000,
    fileBytes: FILE_BYTES,
    bytesPerSecond: 750_000,
  });
  s3 = await startS3Server();
});

test.afterAll(async () => {
  for (const studio of studios) await studio.stop();
  await db?.$disconnect();
  await double?.close();
  await s3?.close();
  psql(adminUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
});

function instanceEnv(port: number): Record<string, string> {
  return {
    ...s3.env,
    DATABASE_URL: databaseUrl(adminUrl, database),
    HOST: "127.0.0.1",
    PORT: String(port),
    AUTH: "off",
    UPSTREAM_BASE_URL: double.url,
    UPSTREAM_API_KEY: "k",
    FETCH_ALLOW_PRIVATE: double.url,
    TRACKER_DOWNLOAD_WORKERS: "3",
    TRACKER_POLL_LEASE_SECONDS: String(LEASE_SECONDS),
    TRACKER_DOWNLOAD_LEASE_SECONDS: String(LEASE_SECONDS),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("an instance killed mid-download: the other stores every result exactly once", async () => {
  test.setTimeout(240_000);
  // Migrations run once, by the first start; the second finds them applied.
  for (const port of [base + 7, base + 8]) {
    const studio = await startStudio(instanceEnv(port));
    studios.push(studio);
    await waitUntilReady(studio);
  }
  db = createDb(databaseUrl(adminUrl, database));

  const ids = Array.from({ length: TASKS }, (_, i) => `two-${String(i).padStart(3, "0")}`);
  double.seed(ids);
  await db.task.createMany({
    data: ids.map((id) => ({
      id,
      model: "sd_2.5_ORelay",
      kind: "video",
      status: "queued",
      request: JSON.stringify({ model: "sd_2.5_ORelay", prompt: id }),
      prompt: id,
      nextPollAt: new Date(),
    })),
  });

  // Both instances download (six files in flight), then the second dies without warning while
  // one of its downloads is mid-file: its TCP connection (the client port the double saw) belongs
  // to the second instance's processes, and the file has not gone out whole.
  const doublePort = Number(new URL(double.url).port);
  const midFileOfSecond = () => {
    const ports = clientPortsOfGroup(studios[1].groupId, doublePort);
    return double.fileTransfers.some((t) => !t.complete && ports.has(t.clientPort));
  };
  const deadline = Date.now() + 60_000;
  while (double.fileTransfers.filter((t) => !t.complete).length < 5 || !midFileOfSecond()) {
    expect(Date.now(), "downloads never got going on both instances").toBeLessThan(deadline);
    await sleep(100);
  }
  const killedAt = Date.now();
  await studios[1].kill();

  await expect
    .poll(async () => db.media.count({ where: { taskId: { in: ids }, status: "stored" } }), {
      timeout: 120_000,
      intervals: [500],
    })
    .toBe(TASKS);

  // The double marks a transfer whole when its response has ended, a moment after the client had
  // the last bytes (and may already have stored them).
  await expect
    .poll(() => new Set(double.fileTransfers.filter((t) => t.complete).map((t) => t.id)).size, {
      timeout: 10_000,
    })
    .toBe(TASKS);

  // The killed instance's downloads broke off mid-file, and were taken over within one lease.
  const interrupted = double.fileTransfers.filter((t) => !t.complete && t.startedAt < killedAt);
  expect(interrupted.length).toBeGreaterThan(0);
  for (const broken of interrupted) {
    const retry = double.fileTransfers.find((t) => t.id === broken.id && t.startedAt > killedAt);
    expect(retry, `${broken.id} was never downloaded again`).toBeDefined();
    expect(retry!.startedAt - killedAt).toBeLessThan((LEASE_SECONDS + 5) * 1000);
  }
  // Each file went out whole once, with one exception: a file whose last bytes went out before the
  // kill may have died with the killed instance before it was stored, and is rightly fetched again
  // after the kill. A second whole transfer that began before the kill would mean both instances
  // held one download at once.
  const whole = double.fileTransfers.filter((t) => t.complete);
  expect([...new Set(whole.map((t) => t.id))].sort()).toEqual([...ids].sort());
  for (const id of ids) {
    const [first, ...again] = whole.filter((t) => t.id === id).sort((a, b) => a.startedAt - b.startedAt);
    for (const repeat of again) {
      expect(first.endedAt!, `${id} went out whole twice while both instances ran`).toBeLessThan(killedAt);
      expect(repeat.startedAt, `${id} went out whole twice while both instances ran`).toBeGreaterThan(
        killedAt,
      );
    }
    expect(again.length, `${id} went out whole ${again.length + 1} times`).toBeLessThanOrEqual(1);
  }

  // One stored row per result, its object in the bucket holding the upstream's bytes, and no
  // other object under the results' keys (no copy left by the dead instance).
  const media = await db.media.findMany({ where: { taskId: { in: ids } } });
  expect(media).toHaveLength(TASKS);
  const expected = Buffer.alloc(FILE_BYTES, 7);
  Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex").copy(expected);
  const sha256 = createHash("sha256").update(expected).digest("hex");
  for (const item of media) {
    expect(item.status).toBe("stored");
    expect(item.size).toBe(FILE_BYTES);
    expect(item.sha256).toBe(sha256);
    const bytes = await s3.objectBytes(item.path!);
    expect(bytes?.equals(expected), item.path!).toBe(true);
  }
  const resultKeys = s3.keys().filter((key) => key.startsWith("tasks/") && !/thumb/.test(key));
  expect(resultKeys.sort()).toEqual(media.map((m) => m.path!).sort());
  expect(await db.task.count({ where: { id: { in: ids }, mediaState: "stored" } })).toBe(TASKS);
});
