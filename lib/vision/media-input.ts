import "server-only";
import { spawn } from "node:child_process";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import sharp from "sharp";
import { INLINE_MAX_FILE_BYTES, INLINE_MAX_REQUEST_BYTES } from "../chat/limits";
import { readMediaFile, withLocalMediaFile } from "../storage/files";
import type { NativePart } from "../upstream/native-schema";

/**
 * A stored result as parts the vision model can read, within the text API's inline limits
 * (lib/chat/limits.ts: 7 MB a file, 14 MB a request). Every catalogue text model takes images and
 * videos (spec: "All text models support image analysis and video analysis"), so a video goes as
 * the file when it fits inline and as frames when it does not; an image is scaled down first, as
 * the model sees no more than about a thousand pixels a side anyway.
 */
export type StoredResult = {
  path: string;
  contentType: string;
  size: number | null;
  durationSec: number | null;
};

const IMAGE_LONG_SIDE = 1024;
const FRAMES = 4;
const FFMPEG_TIMEOUT_MS = 60_000;

export type MediaInput = { parts: NativePart[]; as: "image" | "video file" | "frames" };

export async function mediaParts(result: StoredResult): Promise<MediaInput> {
  if (result.contentType.startsWith("image/")) {
    const image = await readMediaFile(result.path);
    return { parts: [inline("image/jpeg", await scaled(image))], as: "image" };
  }
  if (result.size !== null && result.size <= INLINE_MAX_FILE_BYTES) {
    const video = await readMediaFile(result.path);
    return { parts: [inline(result.contentType, video)], as: "video file" };
  }
  const frames = await withLocalMediaFile(result.path, 2 ** 31 - 1, (file) =>
    videoFrames(file, result.durationSec ?? 1),
  );
  const parts = [];
  let bytes = 0;
  for (const frame of frames) {
    bytes += frame.length;
    // Base64 is 4/3 of the raw size; frames past the request's cap are left out, never cut.
    if ((bytes * 4) / 3 > INLINE_MAX_REQUEST_BYTES) break;
    parts.push(inline("image/jpeg", frame));
  }
  return { parts, as: "frames" };
}

const inline = (mimeType: string, bytes: Buffer): NativePart => ({
  inlineData: { mimeType, data: bytes.toString("base64") },
});

function scaled(image: Buffer): Promise<Buffer> {
  return sharp(image, { animated: false })
    .rotate()
    .resize(IMAGE_LONG_SIDE, IMAGE_LONG_SIDE, { fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** FRAMES frames spread over the video, each scaled like an image. */
async function videoFrames(file: string, durationSec: number): Promise<Buffer[]> {
  const frames: Buffer[] = [];
  for (let i = 0; i < FRAMES; i++) {
    const at = (durationSec * (i + 0.5)) / FRAMES;
    const frame = await ffmpegFrame(file, at);
    if (frame.length) frames.push(await scaled(frame));
  }
  if (!frames.length) throw new Error("ffmpeg produced no frame of the video");
  return frames;
}

function ffmpegFrame(file: string, atSec: number): Promise<Buffer> {
  const args = ["-hide_banner", "-nostdin", "-ss", atSec.toFixed(2), "-i", file, "-frames:v", "1"];
  args.push("-f", "image2pipe", "-c:v", "png", "-");
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegInstaller.path, args, { stdio: ["ignore", "pipe", "ignore"] });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => child.kill("SIGKILL"), FFMPEG_TIMEOUT_MS);
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.on("error", reject);
    child.on("close", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
  });
}
