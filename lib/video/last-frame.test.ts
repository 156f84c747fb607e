/**
 * The last frame a continued shot starts from: generated videos whose last frame has its own colour
 * (and the one before it another), so a frame too early shows as the wrong colour.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDb } from "../testing/temp-db";
import { continueFrameFor } from "./continue-frame";
import { extractLastFrame, lastFrameOf } from "./last-frame";
import { makeClip } from "./testing/clips";

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "last-frame-test-media-"));
process.env.MEDIA_DIR = mediaDir;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "last-frame-test-"));

let temp: ReturnType<typeof createTempDb>;
beforeAll(() => {
  temp = createTempDb();
});
afterAll(async () => {
  await temp.cleanup();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

/** The colour at the centre of an image, as [r, g, b]. */
async function centre(file: string | Buffer): Promise<number[]> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
}

function expectBlue([r, g, b]: number[]) {
  expect(r).toBeLessThan(40);
  expect(g).toBeLessThan(40);
  expect(b).toBeGreaterThan(200);
}

const clip = { width: 160, height: 90, fps: 25, color: "red", beforeLastColor: "lime", lastColor: "blue" };

describe("extractLastFrame", () => {
  it("writes the last decoded frame at full resolution as PNG", async () => {
    const video = await makeClip(path.join(work, "short.mp4"), { ...clip, seconds: 1, audio: true });
    const png = path.join(work, "short.png");
    await extractLastFrame(video, png);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 160, 90]);
    expectBlue(await centre(png));
  });

  it("finds the last frame behind a long keyframe interval", async () => {
    const video = await makeClip(path.join(work, "gop.mp4"), { ...clip, seconds: 6, gop: 250 });
    const png = path.join(work, "gop.png");
    await extractLastFrame(video, png);
    expectBlue(await centre(png));
  });

  it("finds it when the audio runs on seconds after the video ends", async () => {
    const video = await makeClip(path.join(work, "tail.mp4"), {
      ...clip,
      seconds: 1,
      audio: true,
      audioTail: 5,
    });
    const png = path.join(work, "tail.png");
    await extractLastFrame(video, png);
    expectBlue(await centre(png));
  });

  it("refuses a file that is not a video", async () => {
    const file = path.join(work, "text.mp4");
    fs.writeFileSync(file, "not a video at all");
    await expect(extractLastFrame(file, path.join(work, "text.png"))).rejects.toThrow(/ffmpeg exited/);
  });
});

let counter = 0;
async function taskWithVideo(): Promise<string> {
  const taskId = `lf-${++counter}`;
  await temp.db.task.create({
    data: { id: taskId, model: "sd_2.5_ORelay", kind: "video", status: "completed", request: "{}" },
  });
  const rel = `tasks/${taskId}/result.mp4`;
  await makeClip(path.join(mediaDir, rel), { ...clip, seconds: 1 });
  await temp.db.media.create({
    data: {
      taskId,
      role: "result",
      fields: "result_url",
      sourceUrl: `https://upstream.example/${taskId}.mp4`,
      status: "stored",
      path: rel,
      contentType: "video/mp4",
    },
  });
  return taskId;
}

describe("lastFrameOf", () => {
  it("extracts once, stores a last_frame Media row and links it for the upstream", async () => {
    const taskId = await taskWithVideo();
    const first = await lastFrameOf(temp.db, taskId, { origin: "http://127.0.0.1:3000" });
    expect(first).toMatchObject({ source: "studio", width: 160, height: 90 });
    expect(first.url).toBe(`http://127.0.0.1:3000/api/media/${first.mediaId}`);
    expectBlue(await centre(path.join(mediaDir, first.path)));
    const row = await temp.db.media.findUniqueOrThrow({ where: { id: first.mediaId } });
    expect(row).toMatchObject({ role: "last_frame", status: "stored", contentType: "image/png", taskId });

    const mtime = fs.statSync(path.join(mediaDir, first.path)).mtimeMs;
    const [again, together] = await Promise.all([
      lastFrameOf(temp.db, taskId, { origin: "http://127.0.0.1:3000" }),
      lastFrameOf(temp.db, taskId, { origin: "http://127.0.0.1:3000" }),
    ]);
    expect([again.mediaId, together.mediaId]).toEqual([first.mediaId, first.mediaId]);
    expect(fs.statSync(path.join(mediaDir, first.path)).mtimeMs).toBe(mtime);
    expect(await temp.db.media.count({ where: { taskId, role: "last_frame" } })).toBe(1);
  });

  it("prefers the upstream's stored last frame", async () => {
    const taskId = await taskWithVideo();
    const rel = `tasks/${taskId}/upstream-last.png`;
    await sharp({ create: { width: 64, height: 36, channels: 3, background: "#00ff00" } })
      .png()
      .toFile(path.join(mediaDir, rel));
    const media = await temp.db.media.create({
      data: {
        taskId,
        role: "last_frame",
        fields: "last_frame_url",
        sourceUrl: "https://upstream.example/last.png",
        status: "stored",
        path: rel,
        contentType: "image/png",
      },
    });
    const frame = await lastFrameOf(temp.db, taskId, { origin: "http://127.0.0.1:3000" });
    expect(frame).toMatchObject({ mediaId: media.id, source: "upstream", path: rel, width: 64, height: 36 });
    // No page origin (a sequence runner): the studio's own HOST:PORT.
    expect((await lastFrameOf(temp.db, taskId)).url).toBe(`http://127.0.0.1:3000/api/media/${media.id}`);
  });

  it("answers clearly when there is no stored video", async () => {
    await temp.db.task.create({
      data: { id: "lf-none", model: "sd_2.5_ORelay", kind: "video", status: "running", request: "{}" },
    });
    await expect(lastFrameOf(temp.db, "lf-none", { origin: "http://x" })).rejects.toThrow(
      /no stored video result/,
    );
    await expect(lastFrameOf(temp.db, "lf-missing", { origin: "http://x" })).rejects.toThrow(
      /does not exist/,
    );
  });
});

describe("continueFrameFor (the gallery's Continue from here)", () => {
  it("gives the owner the frame and anyone else the gallery's 404", async () => {
    const [ann, bob] = await Promise.all(
      ["ann", "bob"].map((name) => temp.db.user.create({ data: { name, email: `${name}@example.test` } })),
    );
    const taskId = await taskWithVideo();
    await temp.db.task.update({ where: { id: taskId }, data: { userId: ann.id } });
    const viewer = (id: string) => ({ id, role: "member", via: "session" }) as const;
    const frame = await continueFrameFor(temp.db, viewer(ann.id), taskId, "http://127.0.0.1:3000");
    expect(frame).toMatchObject({ width: 160, height: 90 });
    await expect(
      continueFrameFor(temp.db, viewer(bob.id), taskId, "http://127.0.0.1:3000"),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});
