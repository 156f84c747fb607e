import { StudioError } from "../errors";
import { lastLines, runFfmpeg } from "./ffmpeg";

/** What the assembly needs to know of one take. */
export type VideoProbe = {
  durationSec: number;
  width: number;
  height: number;
  /** Frames per second of the video stream (its average rate, else the stream's tbr). */
  fps: number;
  hasAudio: boolean;
};

/**
 * Reads a file's container banner with ffmpeg itself: no ffprobe ships with @ffmpeg-installer, and
 * `ffmpeg -i file` prints the same stream lines (then exits 1: no output named, which is expected).
 * Fails with a StudioError naming `label` when the file is unreadable or has no video stream.
 */
export async function probeVideo(file: string, label = file, signal?: AbortSignal): Promise<VideoProbe> {
  const { stderr } = await runFfmpeg(["-i", file], { okCodes: [0, 1], signal, timeoutMs: 30_000 });
  const parsed = parseProbe(stderr);
  if (parsed === "unreadable") {
    throw new StudioError("invalid_request", `${label} cannot be read as a video: ${lastLines(stderr, 1)}`);
  }
  if (parsed === "no_video")
    throw new StudioError("invalid_request", `${label} has no video stream to join.`);
  return parsed;
}

/** The probe of an `ffmpeg -i` banner; exported for tests of odd banners. */
export function parseProbe(stderr: string): VideoProbe | "unreadable" | "no_video" {
  const input = stderr.split(/^Output #0/m)[0];
  if (!/^Input #0/m.test(input)) return "unreadable";
  const video = /Stream #0:\d+.*?: Video: (.*)$/m.exec(input);
  if (!video) return "no_video";
  const size = /\b(\d{2,5})x(\d{2,5})\b/.exec(video[1]);
  const fps = /([\d.]+)(k?) fps/.exec(video[1]) ?? /([\d.]+)(k?) tbr/.exec(video[1]);
  const d = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(input);
  if (!size || !d) return "unreadable";
  let width = Number(size[1]);
  let height = Number(size[2]);
  // Phones store portrait video as landscape plus a rotation, which ffmpeg applies when decoding.
  const rotation = /rotate\s*:\s*(-?\d+)|rotation of (-?[\d.]+) degrees/.exec(input);
  if (rotation && Math.abs(Number(rotation[1] ?? rotation[2])) % 180 === 90)
    [width, height] = [height, width];
  return {
    durationSec: Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]),
    width,
    height,
    fps: fps ? Number(fps[1]) * (fps[2] ? 1000 : 1) : 25,
    hasAudio: /Stream #0:\d+.*?: Audio: /m.test(input),
  };
}
