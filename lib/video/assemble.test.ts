/**
 * Films made of generated takes of different sizes, frame rates and audio: the output is probed
 * (one size, one rate, the decoded frame count) as a player would see it.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnv } from "../testing/env-vars";
import { assembleFilm, probeClips } from "./assemble";
import { chooseOutput } from "./choose-output";
import { probeVideo } from "./probe";
import { countFrames, makeClip } from "./testing/clips";
import { childFfmpegs, videoTempDirs } from "./testing/leftovers";

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "assemble-test-media-"));
const restoreEnv = setEnv({ MEDIA_DIR: mediaDir, ASSEMBLY_MAX_DURATION_SECONDS: "20" });
const stored = (key: string) => path.join(mediaDir, key);

beforeAll(async () => {
  await Promise.all([
    makeClip(stored("takes/a.mp4"), { width: 160, height: 90, fps: 25, seconds: 1, audio: true }),
    makeClip(stored("takes/b.mp4"), { width: 120, height: 120, fps: 30, seconds: 1.5 }),
    makeClip(stored("takes/c.mp4"), { width: 200, height: 112, fps: 24, seconds: 1.2, audio: true }),
    makeClip(stored("takes/big.mp4"), { width: 640, height: 360, fps: 30, seconds: 4, audio: true }),
  ]);
  fs.writeFileSync(stored("takes/text.mp4"), "this is not a video");
});
afterAll(() => {
  restoreEnv();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const clips = [
  { path: "takes/a.mp4", trimIn: 0.2, trimOut: null, muted: false },
  { path: "takes/b.mp4", trimIn: 0, trimOut: 1, muted: false },
  { path: "takes/c.mp4", trimIn: 0.1, trimOut: 1.1, muted: true },
];

describe("assembleFilm", () => {
  it("normalises takes of different sizes and rates into one film as long as the trims", async () => {
    const output = chooseOutput(await probeClips(clips.map((c) => c.path)));
    expect(output).toEqual({ width: 200, height: 112, fps: 30, pixelFormat: "yuv420p" });
    const progress: number[] = [];
    const film = await assembleFilm({
      clips,
      output,
      destinationKey: "films/one.mp4",
      onProgress: (p) => progress.push(p),
    });

    const bytes = fs.readFileSync(stored("films/one.mp4"));
    expect(film.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(film.size).toBe(bytes.length);
    expect(film.contentType).toBe("video/mp4");
    const probe = await probeVideo(stored("films/one.mp4"));
    expect(probe).toMatchObject({ width: 200, height: 112, fps: 30, hasAudio: true });
    const seconds = (await countFrames(stored("films/one.mp4"))) / 30;
    expect(Math.abs(seconds - 2.8)).toBeLessThanOrEqual(1 / 30);
    expect(Math.abs(film.durationSec - 2.8)).toBeLessThanOrEqual(1 / 30);
    expect(progress.at(-1)).toBe(1);
    // +faststart: the index (moov) comes before the media data (mdat).
    expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
  });

  it("crossfades: the film is shorter by the overlaps", async () => {
    const output = { width: 160, height: 90, fps: 25, crossfadeSeconds: 0.2 };
    const film = await assembleFilm({ clips, output, destinationKey: "films/fade.mp4" });
    const seconds = (await countFrames(stored("films/fade.mp4"))) / 25;
    expect(Math.abs(seconds - (2.8 - 0.4))).toBeLessThanOrEqual(1 / 25);
    expect(Math.abs(film.durationSec - 2.4)).toBeLessThanOrEqual(1 / 25);
  });

  it("names the take that cannot be joined", async () => {
    const output = { width: 160, height: 90, fps: 25 };
    const bad = [clips[0], { path: "takes/text.mp4", trimIn: 0, trimOut: null, muted: false }];
    await expect(assembleFilm({ clips: bad, output, destinationKey: "films/bad.mp4" })).rejects.toThrow(
      /Take 2 \(takes\/text.mp4\) cannot be read as a video/,
    );
    const late = [{ ...clips[0], trimIn: 3 }];
    await expect(assembleFilm({ clips: late, output, destinationKey: "films/bad.mp4" })).rejects.toThrow(
      /trim in 3 s is outside the take/,
    );
    expect(fs.existsSync(stored("films/bad.mp4"))).toBe(false);
  });

  it("refuses a film over ASSEMBLY_MAX_DURATION_SECONDS before encoding", async () => {
    // 15 × 1 s of b and 7 × 0.8 s of a: 20.6 s.
    const many = Array.from({ length: 15 }, () => clips[1]);
    const long = [...many, ...Array.from({ length: 7 }, () => clips[0])];
    await expect(
      assembleFilm({
        clips: long,
        output: { width: 160, height: 90, fps: 25 },
        destinationKey: "films/long.mp4",
      }),
    ).rejects.toThrow(/over the 20 s allowed \(ASSEMBLY_MAX_DURATION_SECONDS\)/);
  });

  it("cancel kills ffmpeg and leaves no temp dir and no file", async () => {
    const before = videoTempDirs();
    const controller = new AbortController();
    const big = Array.from({ length: 3 }, () => ({
      path: "takes/big.mp4",
      trimIn: 0,
      trimOut: null,
      muted: false,
    }));
    const job = assembleFilm({
      clips: big,
      output: { width: 1280, height: 720, fps: 30 },
      destinationKey: "films/cancelled.mp4",
      signal: controller.signal,
      onProgress: (p) => p > 0 && controller.abort(new Error("cancelled by the test")),
    });
    await expect(job).rejects.toThrow("cancelled by the test");
    expect(childFfmpegs()).toEqual([]);
    expect(videoTempDirs().filter((d) => !before.includes(d))).toEqual([]);
    expect(fs.existsSync(stored("films/cancelled.mp4"))).toBe(false);
  });
});
