import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeMp4, makePng } from "../testing/media-fixtures";
import { createTempDb } from "../testing/temp-db";
import { createThumbnail, parseFfmpegInfo, thumbnailFileExists, thumbnailFileFor } from "./thumbnails";

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "thumbs-test-media-"));
process.env.MEDIA_DIR = mediaDir;

let temp: ReturnType<typeof createTempDb>;
beforeAll(() => {
  temp = createTempDb();
});
afterAll(async () => {
  await temp.cleanup();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

let counter = 0;
async function storedMedia(rel: string, contentType: string | null, status = "stored") {
  const taskId = `task-${++counter}`;
  await temp.db.task.create({
    data: { id: taskId, model: "sd_2.5_ORelay", kind: "video", status: "completed", request: "{}" },
  });
  const media = await temp.db.media.create({
    data: {
      taskId,
      role: "result",
      fields: "result_url",
      sourceUrl: `https://upstream.example/${taskId}`,
      status,
      path: status === "stored" ? rel : null,
      contentType,
    },
  });
  return media.id;
}

const row = (id: string) => temp.db.media.findUniqueOrThrow({ where: { id } });

describe("createThumbnail", () => {
  it("makes a 480 px webp of a stored image and records its size", async () => {
    await makePng(path.join(mediaDir, "a/image.png"), { width: 1200, height: 800, label: "hi" });
    const id = await storedMedia("a/image.png", "image/png");
    await createThumbnail(temp.db, id);

    const media = await row(id);
    expect(media.thumbPath).toBe(`thumbs/${id}.webp`);
    expect([media.width, media.height]).toEqual([1200, 800]);
    const thumb = await sharp(path.join(mediaDir, media.thumbPath!)).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(["webp", 480, 320]);
  });

  it("does not enlarge small images", async () => {
    await makePng(path.join(mediaDir, "a/small.png"), { width: 200, height: 100 });
    const id = await storedMedia("a/small.png", "image/png");
    await createThumbnail(temp.db, id);
    const thumb = await sharp(path.join(mediaDir, (await row(id)).thumbPath!)).metadata();
    expect([thumb.width, thumb.height]).toEqual([200, 100]);
  });

  it("makes a poster frame of a stored video with its size and duration", async () => {
    makeMp4(path.join(mediaDir, "v/clip.mp4"), { width: 640, height: 360, seconds: 2 });
    const id = await storedMedia("v/clip.mp4", "video/mp4");
    await createThumbnail(temp.db, id);

    const media = await row(id);
    expect([media.width, media.height]).toEqual([640, 360]);
    expect(media.durationSec).toBeCloseTo(2, 1);
    const thumb = await sharp(path.join(mediaDir, media.thumbPath!)).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(["webp", 480, 270]);
  });

  it("uses the first frame of a video shorter than the poster time", async () => {
    makeMp4(path.join(mediaDir, "v/short.mp4"), { width: 320, height: 568, seconds: 0.5 });
    const id = await storedMedia("v/short.mp4", null);
    await createThumbnail(temp.db, id);
    const media = await row(id);
    expect([media.width, media.height]).toEqual([320, 568]);
    expect(media.durationSec).toBeCloseTo(0.5, 1);
    expect(fs.existsSync(path.join(mediaDir, media.thumbPath!))).toBe(true);
  });

  it("generates once, and again only when the stored thumbnail went missing", async () => {
    await makePng(path.join(mediaDir, "a/once.png"));
    const id = await storedMedia("a/once.png", "image/png");
    await Promise.all([createThumbnail(temp.db, id), createThumbnail(temp.db, id)]);
    const file = path.join(mediaDir, (await row(id)).thumbPath!);
    const first = fs.statSync(file).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    await createThumbnail(temp.db, id);
    expect(fs.statSync(file).mtimeMs).toBe(first);

    fs.rmSync(file);
    await createThumbnail(temp.db, id);
    expect(fs.existsSync(file)).toBe(true);
  });

  it("fails clearly for a broken video and for media that is not stored", async () => {
    fs.mkdirSync(path.join(mediaDir, "v"), { recursive: true });
    fs.writeFileSync(path.join(mediaDir, "v/broken.mp4"), "<html>not a video</html>");
    const broken = await storedMedia("v/broken.mp4", "video/mp4");
    await expect(createThumbnail(temp.db, broken)).rejects.toThrow(/ffmpeg/);
    expect((await row(broken)).thumbPath).toBeNull();

    const pending = await storedMedia("v/none.mp4", "video/mp4", "expired");
    await expect(createThumbnail(temp.db, pending)).rejects.toMatchObject({ code: "conflict" });
  });
});

describe("thumbnailFileFor (serving)", () => {
  it("makes a thumbnail again when its row names a file that is gone", async () => {
    await makePng(path.join(mediaDir, "r/image.png"), { width: 900, height: 600 });
    const id = await storedMedia("r/image.png", "image/png");
    await createThumbnail(temp.db, id);
    const rel = (await row(id)).thumbPath!;
    fs.rmSync(path.join(mediaDir, rel));
    expect(await thumbnailFileExists(rel)).toBe(false);

    expect(await thumbnailFileFor(temp.db, id)).toBe(rel);
    expect(await thumbnailFileExists(rel)).toBe(true);
    const thumb = await sharp(path.join(mediaDir, rel)).metadata();
    expect([thumb.format, thumb.width]).toEqual(["webp", 480]);
  });

  it("answers not_found when there is nothing to serve or rebuild from", async () => {
    const never = await storedMedia("r/never.png", "image/png");
    await expect(thumbnailFileFor(temp.db, never)).rejects.toMatchObject({ code: "not_found" });
    await expect(thumbnailFileFor(temp.db, "no-such-media")).rejects.toMatchObject({ code: "not_found" });

    await makePng(path.join(mediaDir, "r/lost.png"), { width: 300, height: 200 });
    const lost = await storedMedia("r/lost.png", "image/png");
    await createThumbnail(temp.db, lost);
    fs.rmSync(path.join(mediaDir, (await row(lost)).thumbPath!));
    fs.rmSync(path.join(mediaDir, "r/lost.png"));
    await expect(thumbnailFileFor(temp.db, lost)).rejects.toMatchObject({
      code: "not_found",
      message: expect.stringMatching(/could not be made again/),
    });
  });
});

describe("parseFfmpegInfo", () => {
  it("reads duration and swaps the size of rotated portrait video", () => {
    const stderr = `Input #0, mov,mp4, from 'x.mp4':
  Duration: 00:01:02.50, start: 0.000000, bitrate: 100 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080 [SAR 1:1 DAR 16:9], 30 fps
    Metadata:
      rotate          : 90
Output #0, image2pipe, to 'pipe:1':
    Stream #0:0(und): Video: png, rgb24, 1080x1920`;
    expect(parseFfmpegInfo(stderr)).toEqual({ durationSec: 62.5, width: 1080, height: 1920 });
  });
});
