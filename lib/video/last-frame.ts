import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Db } from "../db";
import { env } from "../env";
import { StudioError } from "../errors";
import { referenceContext, studioFileReference } from "../gallery/reference-url";
import { readMediaFile, removeMediaFile, withLocalMediaFile, writeMediaFile } from "../storage/files";
import { mediaPath } from "../tasks/present-task";
import { lastLines, runFfmpeg } from "./ffmpeg";
import { withTempDir } from "./temp-dir";

/** The sourceUrl of a last frame the studio extracted itself: one per task (Media is unique on it). */
export const STUDIO_LAST_FRAME_SOURCE = "studio:last-frame";
/** Largest stored video copied out of a bucket to take its last frame (ffmpeg reads files). */
const LOCAL_COPY_MAX_BYTES = 2 * 1024 * 1024 * 1024;
const EXTRACT_TIMEOUT_MS = 120_000;

export type LastFrame = {
  mediaId: string;
  /** The media store key of the PNG (or the upstream's stored image). */
  path: string;
  /** A URL the upstream can fetch it at: signed with accounts on (lib/auth/file-links.ts). */
  url: string;
  width: number;
  height: number;
  /** The upstream's `last_frame_url` (stored) or a frame the studio extracted from the video. */
  source: "upstream" | "studio";
};

export type LastFrameOptions = {
  /**
   * The origin the upstream reaches the studio at when PUBLIC_BASE_URL is unset (lib/gallery/
   * reference-url.ts): the page's. A background runner has no page: the studio's own HOST:PORT.
   */
  origin?: string;
  signal?: AbortSignal;
};

// Two clicks (or a click and a sequence run) on one take share one extraction.
const inFlight = new Map<string, Promise<{ mediaId: string; path: string; source: "upstream" | "studio" }>>();

/**
 * The last frame of a task's stored video: the upstream's stored last frame (Media role
 * "last_frame") when there is one, else the exact last decoded frame of the stored result, extracted
 * once at full resolution as PNG and kept as a Media row of the task (sourceUrl "studio:last-frame").
 * The caller checks that the viewer may see the task.
 */
export async function lastFrameOf(
  db: Db,
  taskId: string,
  options: LastFrameOptions = {},
): Promise<LastFrame> {
  let job = inFlight.get(taskId);
  if (!job) {
    job = findOrExtract(db, taskId, options.signal).finally(() => inFlight.delete(taskId));
    inFlight.set(taskId, job);
  }
  const found = await job;
  const media = await db.media.findUnique({
    where: { id: found.mediaId },
    select: { width: true, height: true },
  });
  let { width, height } = media ?? { width: null, height: null };
  if (width === null || height === null) {
    const meta = await sharp(await readMediaFile(found.path)).metadata();
    [width, height] = [meta.width ?? 0, meta.height ?? 0];
  }
  const origin = options.origin ?? ownOrigin();
  const reference = studioFileReference(mediaPath(found.mediaId), await referenceContext(origin));
  return { ...found, url: reference.url, width, height };
}

function ownOrigin(): string {
  const { host, port } = env();
  const name = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

async function findOrExtract(db: Db, taskId: string, signal?: AbortSignal) {
  const task = await db.task.findUnique({
    where: { id: taskId },
    select: {
      media: {
        select: { id: true, role: true, status: true, path: true, sourceUrl: true, contentType: true },
      },
    },
  });
  if (!task) throw new StudioError("not_found", `Task ${taskId} does not exist.`);
  const stored = task.media.filter((m) => m.status === "stored" && m.path);
  const upstream = stored.find((m) => m.role === "last_frame" && m.sourceUrl !== STUDIO_LAST_FRAME_SOURCE);
  if (upstream) return { mediaId: upstream.id, path: upstream.path!, source: "upstream" as const };
  const own = stored.find((m) => m.sourceUrl === STUDIO_LAST_FRAME_SOURCE);
  if (own) return { mediaId: own.id, path: own.path!, source: "studio" as const };
  const video = stored.find((m) => m.role === "result" && isVideo(m.contentType, m.path!));
  if (!video) {
    throw new StudioError("conflict", `Task ${taskId} has no stored video result to take a last frame from.`);
  }
  const key = `tasks/${safeSegment(taskId)}/last-frame.png`;
  const made = await withTempDir(async (dir) => {
    const png = path.join(dir, "last-frame.png");
    await withLocalMediaFile(video.path!, LOCAL_COPY_MAX_BYTES, (file) =>
      extractLastFrame(file, png, signal),
    );
    const meta = await sharp(png).metadata();
    const written = await writeMediaFile(key, createReadStream(png), { declaredType: "image/png" });
    return { written, width: meta.width ?? null, height: meta.height ?? null };
  });
  try {
    const row = await db.media.create({
      data: {
        taskId,
        role: "last_frame",
        fields: "",
        sourceUrl: STUDIO_LAST_FRAME_SOURCE,
        status: "stored",
        path: key,
        contentType: made.written.contentType,
        size: made.written.size,
        sha256: made.written.sha256,
        width: made.width,
        height: made.height,
        storedAt: new Date(),
      },
      select: { id: true },
    });
    return { mediaId: row.id, path: key, source: "studio" as const };
  } catch (error) {
    // Another instance extracted it at the same time: its row (same key, same bytes) wins.
    if ((error as { code?: string }).code !== "P2002") {
      await removeMediaFile(key).catch(() => undefined);
      throw error;
    }
    const row = await db.media.findUniqueOrThrow({
      where: { taskId_sourceUrl: { taskId, sourceUrl: STUDIO_LAST_FRAME_SOURCE } },
      select: { id: true, path: true },
    });
    return { mediaId: row.id, path: row.path ?? key, source: "studio" as const };
  }
}

/**
 * Writes the last decoded frame of `video` to `png` (full resolution). `-update 1` overwrites the
 * image with every frame, so what remains is the last one; `-sseof` starts a little before the end
 * (from the keyframe before it) to avoid decoding a whole long take. When the video stream ends
 * well before the container (audio runs longer), that window holds no frame: decode all of it.
 */
export async function extractLastFrame(video: string, png: string, signal?: AbortSignal): Promise<void> {
  const output = ["-map", "0:v:0", "-an", "-vsync", "0", "-update", "1", "-c:v", "png", "-f", "image2", png];
  await runFfmpeg(["-sseof", "-3", "-i", video, ...output], { signal, timeoutMs: EXTRACT_TIMEOUT_MS });
  if (await exists(png)) return;
  const { stderr } = await runFfmpeg(["-i", video, ...output], { signal, timeoutMs: EXTRACT_TIMEOUT_MS });
  if (!(await exists(png))) {
    throw new StudioError(
      "conflict",
      `The stored video has no frame to continue from: ${lastLines(stderr, 1)}`,
    );
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.size > 0,
    () => false,
  );
}

function isVideo(contentType: string | null, file: string): boolean {
  if (contentType) return contentType.startsWith("video/");
  return /\.(mp4|mov|webm|mkv|m4v)$/i.test(file);
}

function safeSegment(id: string): string {
  return (
    id
      .replace(/[^A-Za-z0-9._-]/g, "_")
      .replace(/^\.+/, "_")
      .slice(0, 120) || "_"
  );
}
