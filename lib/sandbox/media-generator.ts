import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import sharp from "sharp";

/**
 * Real, playable media for the sandbox's result URLs, made offline: an H.264 MP4 (ffmpeg's test
 * pattern, moving) and PNG/JPEG images (sharp from an SVG), in the requested aspect ratio.
 * Each (kind, size, variant) is made once and cached on disk; generation is bit-exact, so a URL
 * returns the same bytes even after the cache is rebuilt.
 */
export type MediaKind = "video" | "png" | "jpg" | "last-frame";

export type MediaSpec = { kind: MediaKind; width: number; height: number; variant: number };

export const VARIANTS = 6;
const VIDEO_LONG_SIDE = 320;
const IMAGE_LONG_SIDE = 1024;
const VIDEO_SECONDS = 2;
const VIDEO_FPS = 12;
const CACHE_VERSION = "media-v1";

const run = promisify(execFile);

/** Pixel size for "W:H": the long side fixed, the short side even (yuv420p needs even sizes). */
export function sizeFor(aspectRatio: string, longSide: number): { width: number; height: number } {
  const [w, h] = aspectRatio.split(":").map(Number);
  const short = Math.max(2, 2 * Math.round((longSide * Math.min(w, h)) / Math.max(w, h) / 2));
  return w >= h ? { width: longSide, height: short } : { width: short, height: longSide };
}

export function videoSize(aspectRatio: string) {
  return sizeFor(aspectRatio, VIDEO_LONG_SIDE);
}

export function imageSize(aspectRatio: string) {
  return sizeFor(aspectRatio, IMAGE_LONG_SIDE);
}

export const CONTENT_TYPES: Record<MediaKind, string> = {
  video: "video/mp4",
  png: "image/png",
  jpg: "image/jpeg",
  "last-frame": "image/png",
};

const pending = new Map<string, Promise<string>>();

/** Path of the cached file for `spec`, generating it first if needed. */
export function mediaFile(cacheDir: string, spec: MediaSpec): Promise<string> {
  const ext = spec.kind === "video" ? "mp4" : spec.kind === "jpg" ? "jpg" : "png";
  const file = path.join(
    cacheDir,
    CACHE_VERSION,
    `${spec.kind}-${spec.width}x${spec.height}-${spec.variant}.${ext}`,
  );
  let job = pending.get(file);
  if (!job) {
    job = ensure(file, cacheDir, spec).finally(() => pending.delete(file));
    pending.set(file, job);
  }
  return job;
}

async function ensure(file: string, cacheDir: string, spec: MediaSpec): Promise<string> {
  try {
    await fs.access(file);
    return file;
  } catch {
    // not generated yet
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Temp name + rename: a concurrent reader (or another sandbox process) never sees half a file.
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.part`);
  try {
    if (spec.kind === "video") await writeVideo(temp, spec);
    else if (spec.kind === "last-frame")
      await writeLastFrame(temp, await mediaFile(cacheDir, { ...spec, kind: "video" }));
    else await writeImage(temp, spec);
    await fs.rename(temp, file);
  } finally {
    await fs.rm(temp, { force: true });
  }
  return file;
}

const BITEXACT = ["-fflags", "+bitexact", "-flags", "+bitexact", "-map_metadata", "-1", "-threads", "1"];

async function writeVideo(target: string, spec: MediaSpec): Promise<void> {
  const source = `testsrc2=size=${spec.width}x${spec.height}:rate=${VIDEO_FPS}:duration=${VIDEO_SECONDS}`;
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    `${source},hue=h=${spec.variant * (360 / VARIANTS)}`,
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-pix_fmt",
    "yuv420p",
    "-movflags",
    "+faststart",
    ...BITEXACT,
    "-f",
    "mp4",
    target,
  ]);
}

async function writeLastFrame(target: string, video: string): Promise<void> {
  // -update keeps overwriting one image, so the last decoded frame is what remains.
  await ffmpeg(["-i", video, "-an", "-update", "1", "-c:v", "png", ...BITEXACT, "-f", "image2", target]);
}

async function writeImage(target: string, spec: MediaSpec): Promise<void> {
  const image = sharp(Buffer.from(svgArt(spec)));
  const out = spec.kind === "jpg" ? image.jpeg({ quality: 85 }) : image.png({ compressionLevel: 9 });
  await out.toFile(target);
}

async function ffmpeg(args: string[]): Promise<void> {
  try {
    await run(ffmpegInstaller.path, ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", ...args], {
      timeout: 60_000,
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`ffmpeg failed${stderr ? `: ${stderr.slice(0, 500)}` : ""}`, { cause: error });
  }
}

/** A gradient sky, a sun and hills: recognisable at thumbnail size, distinct per variant. */
function svgArt({ width, height, variant }: MediaSpec): string {
  const hue = variant * (360 / VARIANTS);
  const sun = Math.min(width, height) * 0.12;
  const hill = (offset: number, lightness: number) =>
    `<path d="M0 ${height * (0.72 + offset)} Q ${width * 0.3} ${height * (0.55 + offset)} ${width * 0.6} ${height * (0.7 + offset)} T ${width} ${height * (0.65 + offset)} V ${height} H 0 Z" fill="hsl(${(hue + 120) % 360},45%,${lightness}%)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},80%,75%)"/>
  </linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${width * 0.72}" cy="${height * 0.3}" r="${sun}" fill="hsl(${(hue + 200) % 360},90%,85%)"/>
  ${hill(0, 30)}${hill(0.12, 22)}
</svg>`;
}
