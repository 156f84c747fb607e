import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import sharp from "sharp";

/**
 * Real media files for tests and e2e seeds: a PNG drawn by sharp, an H.264 MP4 and a PCM WAV
 * encoded by ffmpeg.
 */
export async function makePng(
  file: string,
  { width = 1200, height = 800, label = "" }: { width?: number; height?: number; label?: string } = {},
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#a855f7"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <text x="50%" y="50%" font-size="${Math.round(height / 8)}" text-anchor="middle" fill="white"
      font-family="sans-serif">${escapeXml(label)}</text></svg>`;
  const bytes = await sharp(Buffer.from(svg)).png().toBuffer();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return bytes;
}

export function makeMp4(
  file: string,
  {
    width = 640,
    height = 360,
    seconds = 2,
    fps = 24,
  }: { width?: number; height?: number; seconds?: number; fps?: number } = {},
): Buffer {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const result = spawnSync(
    ffmpegInstaller.path,
    [
      ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"],
      ...["-i", `testsrc=size=${width}x${height}:rate=${fps}:duration=${seconds}`],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-movflags", "+faststart"],
      file,
    ],
    { encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`ffmpeg could not encode ${file}: ${result.stderr}`);
  return fs.readFileSync(file);
}

/** A mono 16-bit PCM WAV of a sine tone. */
export function makeWav(file: string, { seconds = 3 }: { seconds?: number } = {}): Buffer {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const result = spawnSync(
    ffmpegInstaller.path,
    [
      ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"],
      ...["-i", `sine=frequency=440:sample_rate=16000:duration=${seconds}`],
      ...["-c:a", "pcm_s16le", file],
    ],
    { encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`ffmpeg could not encode ${file}: ${result.stderr}`);
  return fs.readFileSync(file);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
