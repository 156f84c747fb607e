import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { imageSize, mediaFile, sizeFor, videoSize } from "./media-generator";
import { mp4Info } from "./testing/mp4";

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "sandbox-media-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

const sha256 = async (file: string) =>
  createHash("sha256")
    .update(await fs.readFile(file))
    .digest("hex");

describe("media sizes", () => {
  it("keep the requested aspect ratio with even sides", () => {
    expect(videoSize("16:9")).toEqual({ width: 320, height: 180 });
    expect(videoSize("9:16")).toEqual({ width: 180, height: 320 });
    expect(videoSize("1:1")).toEqual({ width: 320, height: 320 });
    expect(videoSize("21:9")).toEqual({ width: 320, height: 138 });
    expect(imageSize("3:2")).toEqual({ width: 1024, height: 682 });
    for (const ratio of ["4:3", "3:4", "2:3", "21:9"]) {
      const { width, height } = sizeFor(ratio, 320);
      expect((width % 2) + (height % 2)).toBe(0);
      const [w, h] = ratio.split(":").map(Number);
      expect(Math.abs(width / height - w / h)).toBeLessThan(0.02);
    }
  });
});

describe("generated media", () => {
  it("is an H.264 MP4 of the requested size, byte-identical when generated again", async () => {
    const spec = { kind: "video" as const, width: 180, height: 320, variant: 2 };
    const first = await mediaFile(await tempDir(), spec);
    const info = mp4Info(await fs.readFile(first));
    expect(info).toMatchObject({ codec: "avc1", width: 180, height: 320 });
    const again = await mediaFile(await tempDir(), spec);
    expect(await sha256(again)).toBe(await sha256(first));
  });

  it("puts the moov box before the media data (+faststart: plays while downloading)", async () => {
    const file = await mediaFile(await tempDir(), { kind: "video", width: 320, height: 180, variant: 0 });
    const bytes = await fs.readFile(file);
    expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
  });

  it("makes PNG and JPEG images and a last frame at the right size", async () => {
    const dir = await tempDir();
    const png = await sharp(
      await mediaFile(dir, { kind: "png", width: 1024, height: 576, variant: 1 }),
    ).metadata();
    expect(png).toMatchObject({ format: "png", width: 1024, height: 576 });
    const jpg = await sharp(
      await mediaFile(dir, { kind: "jpg", width: 682, height: 1024, variant: 3 }),
    ).metadata();
    expect(jpg).toMatchObject({ format: "jpeg", width: 682, height: 1024 });
    const frame = await sharp(
      await mediaFile(dir, { kind: "last-frame", width: 320, height: 240, variant: 4 }),
    ).metadata();
    expect(frame).toMatchObject({ format: "png", width: 320, height: 240 });
  });

  it("differs between variants and generates each file once under concurrent requests", async () => {
    const dir = await tempDir();
    const spec = { kind: "png" as const, width: 64, height: 64, variant: 0 };
    const paths = await Promise.all([mediaFile(dir, spec), mediaFile(dir, spec), mediaFile(dir, spec)]);
    expect(new Set(paths).size).toBe(1);
    const other = await mediaFile(dir, { ...spec, variant: 1 });
    expect(await sha256(other)).not.toBe(await sha256(paths[0]));
    const leftovers = (await fs.readdir(path.dirname(paths[0]))).filter((f) => f.endsWith(".part"));
    expect(leftovers).toEqual([]);
  });
});
