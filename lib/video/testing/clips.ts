import { mkdir } from "node:fs/promises";
import path from "node:path";
import { runFfmpeg } from "../ffmpeg";

export type ClipSpec = {
  width: number;
  height: number;
  fps: number;
  seconds: number;
  /** A tone of the clip's length; none: a video-only file. */
  audio?: boolean;
  /** Colour of every frame but the last two. */
  color?: string;
  /** The second-to-last and the last frame get their own colours, so "last" is checkable. */
  beforeLastColor?: string;
  lastColor?: string;
  /** Keyframe interval (frames): a long GOP makes a seek to the end land far before it. */
  gop?: number;
  /** Extra seconds of audio after the video ends (the container outlasts the video stream). */
  audioTail?: number;
  preset?: string;
};

/** A small H.264 (+AAC) MP4 made with ffmpeg's lavfi sources, for tests and the bench. */
export async function makeClip(file: string, spec: ClipSpec): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  const frames = Math.round(spec.seconds * spec.fps);
  const size = `${spec.width}x${spec.height}`;
  let video = spec.color
    ? `color=c=${spec.color}:s=${size}:r=${spec.fps}:d=${spec.seconds}`
    : `testsrc2=s=${size}:r=${spec.fps}:d=${spec.seconds}`;
  if (spec.beforeLastColor) video += `,drawbox=enable='eq(n,${frames - 2})':c=${spec.beforeLastColor}:t=fill`;
  if (spec.lastColor) video += `,drawbox=enable='eq(n,${frames - 1})':c=${spec.lastColor}:t=fill`;
  const args = ["-f", "lavfi", "-i", video];
  if (spec.audio) args.push("-f", "lavfi", "-i", `sine=f=440:d=${spec.seconds + (spec.audioTail ?? 0)}`);
  args.push("-c:v", "libx264", "-preset", spec.preset ?? "ultrafast", "-pix_fmt", "yuv420p");
  args.push("-g", String(spec.gop ?? spec.fps), "-frames:v", String(frames));
  if (spec.audio) args.push("-c:a", "aac", "-b:a", "64k");
  await runFfmpeg([...args, "-movflags", "+faststart", file]);
  return file;
}

/** Decoded video frames and their count / rate: the film's real length, not the container's claim. */
export async function countFrames(file: string): Promise<number> {
  const { stderr } = await runFfmpeg(["-i", file, "-map", "0:v:0", "-f", "null", "-"]);
  const all = [...stderr.matchAll(/frame=\s*(\d+)/g)];
  return Number(all.at(-1)?.[1] ?? 0);
}
