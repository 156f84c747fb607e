import { describe, expect, it } from "vitest";
import { chooseOutput } from "./choose-output";
import { filmGraph, framesPerClip } from "./film-graph";

describe("framesPerClip", () => {
  it("keeps the film within half a frame of the trims' sum, however many clips", () => {
    const durations = Array.from({ length: 40 }, () => 0.35); // 8.75 frames each at 25 fps
    const frames = framesPerClip(durations, 25);
    expect(frames.reduce((a, b) => a + b, 0)).toBe(Math.round(40 * 0.35 * 25));
    expect(new Set(frames)).toEqual(new Set([8, 9]));
  });
});

describe("filmGraph", () => {
  it("refuses a crossfade longer than a take", () => {
    const clips = [
      { frames: 10, withAudio: true },
      { frames: 4, withAudio: false },
    ];
    expect(() => filmGraph(clips, { width: 160, height: 90, fps: 25, crossfadeSeconds: 0.2 })).toThrow(
      /crossfade is longer than a trimmed take/,
    );
  });
});

describe("chooseOutput", () => {
  it("takes the largest size (made even) and the most common frame rate", () => {
    const probes = [
      { width: 1280, height: 720, fps: 24 },
      { width: 1921, height: 1081, fps: 30 },
      { width: 1280, height: 720, fps: 24 },
    ];
    expect(chooseOutput(probes)).toEqual({ width: 1922, height: 1082, fps: 24, pixelFormat: "yuv420p" });
  });
});
