/**
 * Thumbnails that could not be made while the media store was down (here: its disk full, a real
 * small disk) are made by the tracker's sweep once it has room again; one that fails for its own
 * reasons (bytes no decoder reads) is not asked for again at every sweep.
 */
import fs from "node:fs";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, expect, it } from "vitest";
import { statMediaFile, writeMediaFile } from "../storage/files";
import { createThumbnail } from "../storage/thumbnails";
import { setEnv } from "../testing/env-vars";
import { smallDisk } from "../testing/small-disk";
import { createTempDb } from "../testing/temp-db";
import { taskDeps } from "./deps";
import { seedTask } from "./testing/task-fixtures";
import { UpstreamGate } from "./upstream-gate";
import { ThumbnailSweep } from "./thumbnail-sweep";

const disk = smallDisk(8 * 1024 * 1024);
// Before the first env() read: the store's folder is the small disk.
const restoreEnv = setEnv({ MEDIA_DIR: disk.dir });
const temp = createTempDb();
const logs: string[] = [];
const line = (...args: unknown[]) => void logs.push(args.map(String).join(" "));
const deps = taskDeps({
  db: temp.db,
  upstream: { baseUrl: "http://127.0.0.1:9", apiKey: "test-key", timeoutMs: 3000 },
  log: { info: line, warn: line, error: line },
  createThumbnail,
  fetchPolicy: { allow: [] },
  gate: new UpstreamGate(),
});

afterAll(async () => {
  await temp.cleanup();
  await disk.release();
  restoreEnv();
});

async function storedImage(id: string, bytes: Buffer) {
  await seedTask(temp.db, { id, status: "completed", mediaState: "stored" });
  const path = `tasks/${id}/${id}-result.png`;
  await writeMediaFile(path, Readable.from([bytes]));
  return temp.db.media.create({
    data: {
      taskId: id,
      role: "result",
      fields: "result_url",
      sourceUrl: `https://cdn.example/${id}.png`,
      status: "stored",
      path,
      contentType: "image/png",
      size: bytes.length,
      storedAt: new Date(),
    },
  });
}

it(`makes the thumbnails a full disk kept from being made once space returns (${disk.mechanism})`, async () => {
  const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#2266aa" } })
    .png()
    .toBuffer();
  const good = await storedImage("thumb-after-outage", png);
  const broken = await storedImage("thumb-broken", Buffer.from("not an image at all"));
  const sweep = new ThumbnailSweep(deps);

  const full = await disk.fill("ballast");
  expect(await sweep.run()).toBe(0);
  expect((await temp.db.media.findUniqueOrThrow({ where: { id: good.id } })).thumbPath).toBeNull();

  fs.rmSync(full);
  expect(await sweep.run()).toBe(1);
  const made = await temp.db.media.findUniqueOrThrow({ where: { id: good.id } });
  expect(made).toMatchObject({ thumbPath: `thumbs/${good.id}.webp`, width: 800, height: 500 });
  expect(await statMediaFile(made.thumbPath!)).toBeDefined();

  // The undecodable one failed once (logged), and is left alone by the next sweeps.
  expect(await sweep.run()).toBe(0);
  const complaints = logs.filter((text) => text.includes(`media ${broken.id}:`));
  expect(complaints).toHaveLength(1);
});
