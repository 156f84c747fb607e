/**
 * Stored files without a row, as an outage or a crash leaves them in MEDIA_DIR: settled by their
 * media row — adopted when the row gave up (failed, expired), left to the download while it waits,
 * removed when nothing will ever serve them; young files and referenced files are never touched.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makePng } from "../testing/media-fixtures";
import { sweepOrphanDownloads } from "./orphan-sweep";
import { listFiles, seedTask, taskTestbed } from "./testing/task-fixtures";

let bed: ReturnType<typeof taskTestbed>;
beforeAll(() => {
  bed = taskTestbed({ now: Date.now });
});
afterAll(async () => {
  await bed.cleanup();
});

const HOUR = 60 * 60_000;

async function file(key: string, ageMs: number): Promise<Buffer> {
  const target = path.join(bed.mediaDir(), key);
  const bytes = await makePng(target, { width: 32, height: 32, label: key });
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(target, at, at);
  return bytes;
}

let urls = 0;
async function media(taskId: string, status: string, extra: Record<string, unknown> = {}) {
  return bed.db.media.create({
    data: {
      taskId,
      role: "result",
      fields: "result_url",
      sourceUrl: `https://cdn.example/r${++urls}.png`,
      status,
      ...extra,
    },
  });
}

it("adopts a given-up row's file, keeps waiting and referenced ones, removes the rest", async () => {
  await seedTask(bed.db, { id: "t1", status: "completed", mediaState: "expired" });
  await seedTask(bed.db, { id: "t2", status: "completed", mediaState: "pending" });
  const expired = await media("t1", "expired", { error: "The upstream URL expired." });
  const waiting = await media("t2", "pending");
  const stored = await media("t2", "stored", { path: "tasks/t2/kept.png" });

  const adoptedBytes = await file(`tasks/t1/${expired.id}.png`, HOUR);
  await file(`tasks/t2/${waiting.id}.png`, HOUR);
  await file(stored.path!, HOUR);
  await file(`tasks/t2/${stored.id}.png`, HOUR); // a twin copy: its row is stored elsewhere
  await file("tasks/gone/cm0000000000000000000000.png", HOUR); // its task was deleted
  await file("tasks/gone/cm1111111111111111111111.png", 60_000); // young: its row may be coming

  const result = await sweepOrphanDownloads(bed.deps, 10 * 60_000);
  expect(result).toEqual({ adopted: 1, removed: 2 });

  expect(listFiles(bed.mediaDir()).filter((f) => f.startsWith("tasks/"))).toEqual(
    [
      `tasks/gone/cm1111111111111111111111.png`,
      `tasks/t1/${expired.id}.png`,
      `tasks/t2/${waiting.id}.png`,
      "tasks/t2/kept.png",
    ].sort(),
  );
  const adopted = await bed.db.media.findUniqueOrThrow({ where: { id: expired.id } });
  expect(adopted).toMatchObject({
    status: "stored",
    path: `tasks/t1/${expired.id}.png`,
    contentType: "image/png",
    size: adoptedBytes.length,
    sha256: createHash("sha256").update(adoptedBytes).digest("hex"),
    error: null,
  });
  expect(await bed.db.task.findUniqueOrThrow({ where: { id: "t1" } })).toMatchObject({
    mediaState: "stored",
  });
  expect(await bed.db.media.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({
    status: "pending",
  });
});
