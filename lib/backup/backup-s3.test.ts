/**
 * Backups of a studio whose files live in a bucket (MEDIA_STORE=s3, against a real S3-protocol
 * server): the objects the database names are copied with their SHA-256 and put back byte for
 * byte after the bucket is emptied; with --media-manifest-only they are only listed, and a restore
 * names any object the bucket lost. On SQLite, and on PostgreSQL in the suite's second run.
 */
import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "../env";
import { seedStudio } from "../migrate-data/testing/seed-studio";
import { removeMediaFile } from "../storage/files";
import { startS3Server, type S3TestServer } from "../storage/testing/s3-server";
import { setEnv } from "../testing/env-vars";
import { createTempDb, type TempDb } from "../testing/temp-db";
import { backup } from "./backup";
import { restore } from "./restore";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "backup-s3-test-"));
let temp: TempDb;
let s3: S3TestServer;
let restoreEnv: () => void;

async function bucketBytes(): Promise<Record<string, Buffer>> {
  const out: Record<string, Buffer> = {};
  for (const key of s3.keys()) out[key] = (await s3.objectBytes(key))!;
  return out;
}

beforeAll(async () => {
  s3 = await startS3Server();
  temp = createTempDb();
  restoreEnv = setEnv({ ...s3.env, DATABASE_URL: temp.url, MEDIA_DIR: path.join(scratch, "media") });
  await seedStudio(temp.db, scratch);
}, 60_000);

afterAll(async () => {
  await temp?.cleanup();
  await s3?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
  restoreEnv?.();
});

describe("backups with the files in a bucket", () => {
  it("copies the objects and puts them back byte for byte into an emptied bucket", async () => {
    const before = await bucketBytes();
    expect(Object.keys(before).length).toBeGreaterThan(3);
    const to = path.join(scratch, "copied");
    const manifest = await backup({ db: temp.db, env: env(), to });
    expect(manifest.media).toMatchObject({ kind: "s3", copied: true });
    expect(manifest.media.files.map((f) => f.key).sort()).toEqual(Object.keys(before).sort());

    for (const key of Object.keys(before)) await removeMediaFile(key);
    expect(s3.keys()).toEqual([]);
    const report = await restore({ env: env(), from: to, force: true });
    expect(report.media.written).toBe(Object.keys(before).length);
    const after = await bucketBytes();
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const key of Object.keys(before)) expect(Buffer.compare(after[key], before[key]), key).toBe(0);
  });

  it("lists the objects with checksums only, and a restore names the ones the bucket lost", async () => {
    const to = path.join(scratch, "listed");
    const manifest = await backup({ db: temp.db, env: env(), to, mediaManifestOnly: true });
    expect(manifest.media.copied).toBe(false);
    expect(fs.existsSync(path.join(to, "media"))).toBe(false);
    expect((await restore({ env: env(), from: to, force: true })).media.alreadyThere).toBe(
      manifest.media.files.length,
    );
    const lost = manifest.media.files[0].key;
    await removeMediaFile(lost);
    await expect(restore({ env: env(), from: to, force: true })).rejects.toThrow(lost);
  });
});
