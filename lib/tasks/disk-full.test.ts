/**
 * The local media disk filling up under ~20 running tasks: MEDIA_DIR is a small disk of its own (a
 * tmpfs, or the fallback lib/testing/small-disk.ts names in the test's title). Health says
 * "degraded" under MEDIA_MIN_FREE_BYTES and "down, full" once nothing fits; downloads that meet
 * ENOSPC stay pending (retryable, however many attempts) with a text naming the store and no path;
 * once space returns, every result is stored once, with no half-written file left.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db-client";
import { smallDisk, type SmallDisk } from "../testing/small-disk";
import type { TaskServiceDouble } from "../upstream/testing/task-service-double";
import { presentTask } from "./present-task";
import {
  expectNothingLost,
  INTERNAL_TEXT,
  outageTracker,
  seedRunningTasks,
  sleep,
  startOutageStudio,
  startOutageUpstream,
  type OutageStudio,
  waitSettled,
} from "./testing/outage-harness";
import { listFiles } from "./testing/task-fixtures";

const MiB = 1024 * 1024;
const disk: SmallDisk = smallDisk(16 * MiB);
let double: TaskServiceDouble;
let studio: OutageStudio;
let db: Db;
let routes: OutageStudio["routes"];
const logs: string[] = [];

beforeAll(async () => {
  double = await startOutageUpstream();
  studio = await startOutageStudio(double, { MEDIA_DIR: disk.dir, MEDIA_MIN_FREE_BYTES: "4mb" });
  ({ db, routes } = studio);
});

afterAll(async () => {
  await studio?.stop();
  await double?.close();
  await disk.release();
});

// Calls 1 s apart: the health check is shared for 1 s.
async function health() {
  await sleep(1_050);
  const response = await routes.health(new Request("http://studio.test/api/health"), {
    params: Promise.resolve({}),
  });
  return { status: response.status, body: await response.json() };
}

describe(`local media disk full (${disk.mechanism})`, () => {
  it("health warns under the threshold and says full; downloads stay retryable; all stored once space returns", async () => {
    const lowSpace = await disk.fill("ballast-low", 2 * MiB);
    const low = await health();
    expect(low.status).toBe(200);
    expect(low.body.dependencies["media store"]).toMatchObject({ status: "degraded" });
    expect(low.body.dependencies["media store"].message).toMatch(
      /^Low disk space: 2 MiB free, below the 4 MiB threshold \(MEDIA_MIN_FREE_BYTES\)\.$/,
    );

    const full = await disk.fill("ballast-full");
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body.dependencies["media store"]).toMatchObject({
      status: "down",
      message: "The media disk is full.",
    });
    const ready = await routes.ready(new Request("http://studio.test/api/health/ready"), {
      params: Promise.resolve({}),
    });
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ready: false, down: ["media store"] });
    // A request that must write to the disk: 503 naming the store, no path, at once.
    const started = Date.now();
    const upload = await routes.upload(
      new Request("http://127.0.0.1:3000/api/uploads", {
        method: "POST",
        body: Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(256 * 1024, 1)]),
        headers: { "content-type": "image/png", "x-file-name": "reference.png" },
      }),
      { params: Promise.resolve({}) },
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(upload.status).toBe(503);
    expect(upload.headers.get("retry-after")).toBe("5");
    const refused = await upload.text();
    expect(JSON.parse(refused).error).toMatchObject({
      code: "dependency_unavailable",
      dependency: "media store",
    });
    expect(JSON.parse(refused).error.message).toMatch(/^The media store is unavailable \(its disk is full\)/);
    expect(refused).not.toContain(disk.dir);

    // Two attempts would use up a download that failed for its own reasons: a full disk must not.
    const { tracker } = outageTracker(db, double, logs, { downloads: { maxAttempts: 2 } });
    try {
      const ids = await seedRunningTasks(db, double, "full", 20, (i) => 300 + i * 50);
      await until(async () => (await db.media.count({ where: { attempts: { gte: 3 } } })) >= 10, 15_000);
      const media = await db.media.findMany({ where: { taskId: { in: ids } } });
      expect(media.filter((m) => m.status === "stored" || m.status === "failed")).toEqual([]);
      expect(media.find((m) => m.attempts >= 3)?.error).toBe(
        "The media store is unavailable (its disk is full), so the file could not be stored; the download is tried again.",
      );
      const tasks = await db.task.findMany({ where: { id: { in: ids } }, include: { media: true } });
      for (const task of tasks) {
        const shown = presentTask(task, "https://studio.example", undefined, undefined, "member");
        for (const m of shown.studio.media) expect(m.error ?? "").not.toMatch(INTERNAL_TEXT);
      }

      fs.rmSync(full);
      fs.rmSync(lowSpace);
      const spaceBack = Date.now();
      await waitSettled(db, ids, 60_000, logs);
      expect(Date.now() - spaceBack).toBeLessThan(60_000);
      await tracker.idle();
      await expectNothingLost(db, ids, listFiles(disk.dir));
      const back = await health();
      expect(back.body.dependencies["media store"].status).toBe("ok");
    } finally {
      await tracker.stop();
    }
  }, 60_000);
});

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out; last log lines:\n${logs.slice(-8).join("\n")}`);
    await sleep(100);
  }
}
