/**
 * Assembly with MEDIA_STORE=s3: takes read out of a real S3-protocol server (s3rver), the film
 * streamed back into it; a cancelled job leaves no object behind.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeMediaFile } from "../storage/files";
import { startS3Server, type S3TestServer } from "../storage/testing/s3-server";
import { setEnv } from "../testing/env-vars";
import { assembleFilm } from "./assemble";
import { probeVideo } from "./probe";
import { countFrames, makeClip } from "./testing/clips";
import { childFfmpegs, videoTempDirs } from "./testing/leftovers";

let s3: S3TestServer;
let restoreEnv: () => void;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "assemble-s3-test-"));

beforeAll(async () => {
  s3 = await startS3Server();
  restoreEnv = setEnv({ ...s3.env, S3_KEY_PREFIX: "studio" });
  const a = await makeClip(path.join(work, "a.mp4"), {
    width: 160,
    height: 90,
    fps: 25,
    seconds: 1,
    audio: true,
  });
  const b = await makeClip(path.join(work, "b.mp4"), { width: 640, height: 360, fps: 30, seconds: 4 });
  await writeMediaFile("takes/a.mp4", fs.createReadStream(a));
  await writeMediaFile("takes/b.mp4", fs.createReadStream(b));
});
afterAll(async () => {
  restoreEnv();
  await s3.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("assembleFilm into S3", () => {
  it("reads the takes from the bucket and streams the film into it", async () => {
    const film = await assembleFilm({
      clips: [
        { path: "takes/a.mp4", trimIn: 0, trimOut: null, muted: false },
        { path: "takes/b.mp4", trimIn: 0.5, trimOut: 1.5, muted: false },
      ],
      output: { width: 160, height: 90, fps: 25 },
      destinationKey: "films/s3.mp4",
    });
    const bytes = await s3.objectBytes("studio/films/s3.mp4");
    expect(bytes).toBeDefined();
    expect(film.sha256).toBe(createHash("sha256").update(bytes!).digest("hex"));
    const file = path.join(work, "from-bucket.mp4");
    fs.writeFileSync(file, bytes!);
    expect(await probeVideo(file)).toMatchObject({ width: 160, height: 90, fps: 25, hasAudio: true });
    expect(await countFrames(file)).toBe(50);
  });

  it("cancelled: no ffmpeg left, no temp dir, no object", async () => {
    const before = videoTempDirs();
    const controller = new AbortController();
    const clip = { path: "takes/b.mp4", trimIn: 0, trimOut: null, muted: false };
    const job = assembleFilm({
      clips: [clip, clip, clip],
      output: { width: 1280, height: 720, fps: 30 },
      destinationKey: "films/cancelled.mp4",
      signal: controller.signal,
      onProgress: (p) => p > 0 && controller.abort(new Error("cancelled by the test")),
    });
    await expect(job).rejects.toThrow("cancelled by the test");
    expect(childFfmpegs()).toEqual([]);
    expect(videoTempDirs().filter((d) => !before.includes(d))).toEqual([]);
    expect(s3.keys().filter((k) => k.includes("cancelled"))).toEqual([]);
  });
});
