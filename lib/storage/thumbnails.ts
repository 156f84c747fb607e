import { spawn } from "node:child_process";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import sharp from "sharp";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { removeMediaFile, statMediaFile, withLocalMediaFile, writeMediaFile } from "./files";

/** Thumbnails are served small: 480 px wide is sharp on a 2x screen at the grid's ~240 px tiles. */
const THUMBNAIL_WIDTH = 480;
const FFMPEG_TIMEOUT_MS = 30_000;
/**
 * Largest original copied out of a bucket to make its thumbnail (sharp and ffmpeg read files). A
 * poster frame needs only the first second, but an MP4 may keep its index at the end: whole file.
 */
const LOCAL_COPY_MAX_BYTES = 2 * 1024 * 1024 * 1024;

function thumbnailPath(mediaId: string): string {
  return `thumbs/${mediaId}.webp`;
}

// The pipeline and the gallery's lazy backfill can ask for the same media at once: share the work.
const inFlight = new Map<string, Promise<void>>();

/**
 * Creates the stored thumbnail (image) or poster frame (video) of a stored Media row, once,
 * and records thumbPath/width/height/durationSec. Called by the download pipeline after a file
 * is stored; failures are logged by the caller and never fail the download.
 */
export function createThumbnail(db: Db, mediaId: string): Promise<void> {
  let job = inFlight.get(mediaId);
  if (!job) {
    job = generate(db, mediaId).finally(() => inFlight.delete(mediaId));
    inFlight.set(mediaId, job);
  }
  return job;
}

async function generate(db: Db, mediaId: string): Promise<void> {
  const media = await db.media.findUnique({
    where: { id: mediaId },
    select: { id: true, path: true, status: true, contentType: true, thumbPath: true },
  });
  if (!media) throw new StudioError("not_found", `Media ${mediaId} does not exist.`);
  if (media.status !== "stored" || !media.path) {
    throw new StudioError("conflict", `Media ${mediaId} has no stored file yet (status ${media.status}).`);
  }
  if (await thumbnailFileExists(media.thumbPath)) return;

  const video = isVideo(media.contentType, media.path);
  const made = await withLocalMediaFile(media.path, LOCAL_COPY_MAX_BYTES, (source) =>
    video ? videoPoster(source) : imageThumb(source),
  );
  const rel = thumbnailPath(mediaId);
  await writeMediaFile(rel, once(made.webp), { declaredType: "image/webp" });
  const { count } = await db.media.updateMany({
    where: { id: mediaId },
    data: {
      thumbPath: rel,
      width: made.width,
      height: made.height,
      ...(made.durationSec !== undefined ? { durationSec: made.durationSec } : {}),
    },
  });
  // The item was deleted while the frame was being made: leave no orphan file behind.
  if (count === 0) await removeMediaFile(rel);
}

/**
 * Whether a recorded thumbnail is really stored. A row can outlive its file (MEDIA_DIR restored
 * from an older backup, thumbs/ cleared by hand): such a row must be treated as "no thumbnail".
 */
export async function thumbnailFileExists(thumbPath: string | null): Promise<boolean> {
  if (!thumbPath) return false;
  try {
    return (await statMediaFile(thumbPath)) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The thumbnail file to serve for a media: the recorded one, or — when the row names a file that is
 * gone — made again now from the stored original (a few hundred ms; concurrent requests share the
 * job). Media that never had a thumbnail stay a 404 here: the gallery's backfill makes those.
 */
export async function thumbnailFileFor(db: Db, mediaId: string): Promise<string> {
  const media = await db.media.findUnique({ where: { id: mediaId }, select: { thumbPath: true } });
  if (!media) throw new StudioError("not_found", `Media ${mediaId} does not exist.`);
  if (!media.thumbPath) throw new StudioError("not_found", `Media ${mediaId} has no thumbnail yet.`);
  if (await thumbnailFileExists(media.thumbPath)) return media.thumbPath;
  try {
    await createThumbnail(db, mediaId);
  } catch (cause) {
    throw new StudioError(
      "not_found",
      `The thumbnail of media ${mediaId} is missing and could not be made again: ${(cause as Error).message}`,
      { cause },
    );
  }
  const rebuilt = await db.media.findUnique({ where: { id: mediaId }, select: { thumbPath: true } });
  if (!rebuilt?.thumbPath) throw new StudioError("not_found", `Media ${mediaId} has no thumbnail.`);
  return rebuilt.thumbPath;
}

type Made = { webp: Buffer; width: number | null; height: number | null; durationSec?: number | null };

function isVideo(contentType: string | null, path: string): boolean {
  if (contentType) return contentType.startsWith("video/");
  return /\.(mp4|mov|webm|mkv|m4v)$/i.test(path);
}

function toWebp(input: string | Buffer) {
  return sharp(input, { failOn: "error" })
    .autoOrient()
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}

async function imageThumb(file: string): Promise<Made> {
  const meta = await sharp(file).metadata();
  return {
    webp: await toWebp(file),
    width: meta.autoOrient?.width ?? meta.width ?? null,
    height: meta.autoOrient?.height ?? meta.height ?? null,
  };
}

/**
 * Poster frame at 1 s (generated videos often open on a fade from black), or the first frame when
 * the video is shorter. ffmpeg writes one PNG to stdout; its stderr carries duration and size.
 */
async function videoPoster(file: string): Promise<Made> {
  let run = await ffmpegFrame(file, 1);
  if (run.frame.length === 0) run = await ffmpegFrame(file, 0);
  if (run.frame.length === 0) {
    throw new Error(`ffmpeg produced no frame: ${run.stderr.trim().split("\n").slice(-3).join(" | ")}`);
  }
  const info = parseFfmpegInfo(run.stderr);
  return {
    webp: await toWebp(run.frame),
    width: info.width,
    height: info.height,
    durationSec: info.durationSec,
  };
}

function ffmpegFrame(file: string, atSec: number): Promise<{ frame: Buffer; stderr: string }> {
  const args = ["-hide_banner", "-nostdin", "-ss", String(atSec), "-i", file];
  args.push("-frames:v", "1", "-an", "-f", "image2pipe", "-c:v", "png", "pipe:1");
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegInstaller.path, args, { stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), FFMPEG_TIMEOUT_MS);
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 64_000) stderr += chunk.toString("utf8");
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (signal) return reject(new Error(`ffmpeg stopped by ${signal} (timeout ${FFMPEG_TIMEOUT_MS} ms)`));
      // A seek past the end exits 0 with no frame; a broken file exits non-zero.
      if (code !== 0 && out.length === 0) {
        return reject(new Error(`ffmpeg exited ${code}: ${stderr.trim().split("\n").slice(-2).join(" | ")}`));
      }
      resolve({ frame: Buffer.concat(out), stderr });
    });
  });
}

/** Duration and display size of the first video stream, from ffmpeg's input banner on stderr. */
export function parseFfmpegInfo(stderr: string): {
  durationSec: number | null;
  width: number | null;
  height: number | null;
} {
  const d = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const durationSec = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null;
  const input = stderr.split(/^Output #0/m)[0];
  const size = /Stream #\d+:\d+.*?: Video: .*?(\d{2,5})x(\d{2,5})/.exec(input);
  let width = size ? Number(size[1]) : null;
  let height = size ? Number(size[2]) : null;
  // Phones store portrait video as landscape plus a rotation; ffmpeg applies it when decoding.
  const rotation = /rotate\s*:\s*(-?\d+)|rotation of (-?[\d.]+) degrees/.exec(input);
  const degrees = rotation ? Math.abs(Number(rotation[1] ?? rotation[2])) % 180 : 0;
  if (degrees === 90) [width, height] = [height, width];
  return { durationSec, width, height };
}

async function* once(bytes: Buffer): AsyncIterable<Uint8Array> {
  yield bytes;
}
