import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { makeMp4, makePng, makeWav } from "../testing/media-fixtures";
import { readMedia, type MediaSource } from "./read-media";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "measure-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The bytes in chunks of `size`, counting how many were handed out. */
function chunked(bytes: Buffer, size = 4096, declared: number | null = bytes.length) {
  const state = { given: 0 };
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += size) {
      state.given += Math.min(size, bytes.length - i);
      yield new Uint8Array(bytes.subarray(i, i + size));
    }
  }
  const source: MediaSource = { body: chunks(), size: declared };
  return { source, state };
}

describe("measuring real files", () => {
  it("reads a PNG's pixel size from its header only", async () => {
    const png = await makePng(path.join(dir, "a.png"), { width: 200, height: 120 });
    const big = Buffer.concat([png, Buffer.alloc(200_000)]); // trailing bytes the header does not need
    const { source, state } = chunked(big);
    const outcome = await readMedia(source, "image", 30 * 1024 * 1024);
    expect(outcome).toMatchObject({
      kind: "measured",
      bytes: big.length,
      measured: { contentType: "image/png", width: 200, height: 120, unreadable: null },
    });
    expect(state.given).toBeLessThan(10_000);
  });

  it("reads an MP4's length and frame rate", async () => {
    const mp4 = makeMp4(path.join(dir, "a.mp4"), { seconds: 3, fps: 30, width: 320, height: 240 });
    const outcome = await readMedia(chunked(mp4).source, "video", 50 * 1024 * 1024);
    expect(outcome.kind).toBe("measured");
    if (outcome.kind !== "measured") return;
    expect(outcome.measured).toMatchObject({ contentType: "video/mp4", width: 320, height: 240 });
    expect(outcome.measured.durationSec).toBeCloseTo(3, 1);
    expect(outcome.measured.fps).toBeCloseTo(30, 1);
  });

  it("reads a WAV's length", async () => {
    const wav = makeWav(path.join(dir, "a.wav"), { seconds: 2.5 });
    const outcome = await readMedia(chunked(wav).source, "audio", 15 * 1024 * 1024);
    expect(outcome).toMatchObject({ kind: "measured", measured: { contentType: "audio/wav" } });
    if (outcome.kind === "measured") expect(outcome.measured.durationSec).toBeCloseTo(2.5, 2);
  });

  it("says when bytes are not the media they should be", async () => {
    const html = Buffer.from("<!doctype html><title>Not found</title>");
    const outcome = await readMedia(chunked(html).source, "video", 1024);
    expect(outcome).toMatchObject({ kind: "measured", measured: { contentType: "text/html" } });
    if (outcome.kind === "measured") expect(outcome.measured.unreadable).toMatch(/not an MP4\/MOV/);
  });
});

describe("the byte cap", () => {
  it("stops after cap + 1 bytes when the size is not declared", async () => {
    const wav = makeWav(path.join(dir, "long.wav"), { seconds: 10 });
    const { source, state } = chunked(wav, 1000, null);
    const outcome = await readMedia(source, "audio", 50_000);
    expect(outcome).toEqual({ kind: "over-cap", bytes: null, cap: 50_000 });
    expect(state.given).toBeLessThanOrEqual(51_000);
  });

  it("reads nothing of a file declared larger than the cap", async () => {
    const png = await makePng(path.join(dir, "b.png"), { width: 400, height: 400 });
    const { source, state } = chunked(png, 1000, 40_000_000);
    expect(await readMedia(source, "image", 30_000_000)).toEqual({
      kind: "over-cap",
      bytes: 40_000_000,
      cap: 30_000_000,
    });
    expect(state.given).toBe(0);
  });
});
