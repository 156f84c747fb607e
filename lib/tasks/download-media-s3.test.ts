/**
 * The tracker's download path with MEDIA_STORE=s3: a result served by a real local HTTP listener
 * lands in a real S3-protocol server (s3rver) byte-identical, hashed on the way, with its thumbnail;
 * a download that breaks off leaves no object and no stored row.
 */
import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThumbnail } from "../storage/thumbnails";
import { startS3Server, type S3TestServer } from "../storage/testing/s3-server";
import { setEnv } from "../testing/env-vars";
import { startFakeUpstream, type CannedAnswer, type FakeUpstream } from "../upstream/testing/fake-upstream";
import { downloadMedia } from "./download-media";
import { seedTask, taskTestbed } from "./testing/task-fixtures";

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let s3: S3TestServer;
let host: FakeUpstream;
let bed: ReturnType<typeof taskTestbed>;
let restoreEnv: () => void;
const files: Record<string, CannedAnswer> = {};
let seq = 0;

beforeAll(async () => {
  s3 = await startS3Server();
  restoreEnv = setEnv({ ...s3.env, S3_KEY_PREFIX: "studio" });
  host = await startFakeUpstream(
    ({ path }) => files[path.split("?")[0]] ?? { status: 404, text: "no such file" },
  );
  bed = taskTestbed({ downloads: { backoffMs: 1_000, maxAttempts: 3 } });
  bed.deps.fetchPolicy = { allow: [host.url] };
});
afterAll(async () => {
  restoreEnv();
  await host.close();
  await bed.cleanup();
  await s3.close();
});

async function completedTask(urlPath: string) {
  const id = `s3-${++seq}`;
  await seedTask(bed.db, { id, status: "completed", finishedAt: new Date(bed.now()), mediaState: "pending" });
  const media = await bed.db.media.create({
    data: {
      taskId: id,
      role: "result",
      fields: "result_url",
      sourceUrl: `${host.url}${urlPath}`,
      nextAttemptAt: new Date(bed.now()),
    },
  });
  return { id, mediaId: media.id };
}

describe("downloadMedia into S3", () => {
  it("stores the exact bytes and sha256 in the bucket, then its thumbnail", async () => {
    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#cc5533" },
    })
      .png()
      .toBuffer();
    files["/r/image.png"] = {
      stream: () => Readable.from([png.subarray(0, 100), png.subarray(100)]),
      headers: { "content-type": "image/png" },
    };
    const { id, mediaId } = await completedTask("/r/image.png");
    expect(await downloadMedia(mediaId, { ...bed.deps, createThumbnail })).toBe(true);

    const row = await bed.db.media.findUniqueOrThrow({ where: { id: mediaId } });
    expect(row).toMatchObject({
      status: "stored",
      contentType: "image/png",
      size: png.length,
      sha256: sha(png),
    });
    expect(row.path).toBe(`tasks/${id}/${mediaId}.png`);
    expect(Buffer.compare((await s3.objectBytes(`studio/${row.path}`))!, png)).toBe(0);
    // The thumbnail was made from a temp copy of the original and stored in the bucket too.
    const thumb = await s3.objectBytes(`studio/${row.thumbPath}`);
    expect(await sharp(thumb!).metadata()).toMatchObject({ format: "webp", width: 480 });
    expect([row.width, row.height]).toEqual([900, 600]);
  });

  it("leaves no object and no stored row when the download breaks off mid-upload", async () => {
    const head = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");
    files["/r/broken.mp4"] = {
      stream: () => {
        let sent = 0;
        // 10 MiB arrive (past the first 8 MiB part, so a multipart upload is under way), then a reset.
        return new Readable({
          read() {
            this.push(
              sent === 0 ? Buffer.concat([head, randomBytes(1024 * 1024)]) : randomBytes(1024 * 1024),
            );
            if (++sent >= 10) this.destroy(new Error("connection reset"));
          },
        });
      },
      headers: { "content-type": "video/mp4" },
    };
    const { id, mediaId } = await completedTask("/r/broken.mp4");
    await downloadMedia(mediaId, bed.deps);

    const row = await bed.db.media.findUniqueOrThrow({ where: { id: mediaId } });
    expect(row).toMatchObject({ status: "pending", path: null, sha256: null });
    expect(row.error).toMatch(/^The download broke off/);
    expect(s3.keys().filter((key) => key.startsWith(`studio/tasks/${id}/`))).toEqual([]);
  });

  it("streams a 256 MB result into the bucket with flat memory", async () => {
    const MB = 1024 * 1024;
    const served = new Map<string, string>();
    const head = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");
    const generated = (name: string, total: number): CannedAnswer => ({
      stream: () => {
        const hash = createHash("sha256");
        const block = randomBytes(MB);
        head.copy(block);
        let sent = 0;
        return new Readable({
          read() {
            if (sent >= total) {
              served.set(name, hash.digest("hex"));
              return void this.push(null);
            }
            block[100] = sent / MB; // every MB differs
            hash.update(block);
            sent += MB;
            this.push(Buffer.from(block));
          },
        });
      },
      headers: { "content-type": "video/mp4", "content-length": String(total) },
    });
    files["/r/warm.mp4"] = generated("warm", 32 * MB);
    files["/r/large.mp4"] = generated("large", 256 * MB);
    // A first download settles one-off allocations (SDK, sockets, the in-process server's buffers).
    await downloadMedia((await completedTask("/r/warm.mp4")).mediaId, bed.deps);

    const { mediaId } = await completedTask("/r/large.mp4");
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    try {
      await downloadMedia(mediaId, bed.deps);
    } finally {
      clearInterval(sampler);
    }
    const row = await bed.db.media.findUniqueOrThrow({ where: { id: mediaId } });
    expect(row).toMatchObject({ status: "stored", size: 256 * MB, sha256: served.get("large") });
    // Measured ~120 MB for 160 MB and for 320 MB alike (parts in flight, the S3 server in this
    // process, garbage not yet collected); buffering the body would add its 256 MB.
    expect(peak - before).toBeLessThan(160 * MB);
    // ~10 s of hashing and copying 288 MB on a quiet machine; the full suite runs it beside two
    // other test processes, where it took over 30 s.
  }, 120_000);
});
