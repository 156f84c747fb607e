import { createReadStream } from "node:fs";
import path from "node:path";
import { addAbortSignal } from "node:stream";
import { env } from "../env";
import { StudioError } from "../errors";
import { withLocalMediaFile, writeMediaFile } from "../storage/files";
import { runFfmpeg } from "./ffmpeg";
import { crossfadeFrames, filmGraph, framesPerClip, type FilmOutput } from "./film-graph";
import { probeVideo, type VideoProbe } from "./probe";
import { withTempDir } from "./temp-dir";

/** One take of the film: a stored video (media store key) and the part of it to keep. */
export type FilmClip = {
  path: string;
  /** Seconds into the take where the shot starts. */
  trimIn: number;
  /** Seconds into the take where it ends; null: at its end. */
  trimOut: number | null;
  /** Silence instead of the take's own audio. */
  muted: boolean;
};

export type AssembleRequest = {
  clips: FilmClip[];
  output: FilmOutput;
  /** Where the film is stored (media store key, local or S3). */
  destinationKey: string;
  /** Aborting kills ffmpeg; nothing is stored and the temp dir is removed. */
  signal?: AbortSignal;
  /** 0..1: encoding up to 0.95, storing the file up to 1. */
  onProgress?: (fraction: number) => void;
};

export type AssembledFilm = { size: number; sha256: string; durationSec: number; contentType: string };

/** Largest stored take copied out of a bucket to read it (ffmpeg reads files). */
const LOCAL_COPY_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * Makes one MP4 (H.264 + AAC, +faststart) of the takes, each normalised to the output's size, frame
 * rate and pixel format (lib/video/film-graph.ts), into a temp file of the job's own temp dir, then
 * streamed into the media store under destinationKey. Fails with invalid_request naming the clip
 * when a take cannot be joined (unreadable, no video, a trim outside it) or the film would exceed
 * ASSEMBLY_MAX_DURATION_SECONDS.
 */
export async function assembleFilm(request: AssembleRequest): Promise<AssembledFilm> {
  const { clips, output, signal, onProgress } = request;
  if (clips.length === 0) throw invalid("clips", "The film needs at least one take.");
  checkOutput(output);
  return withLocalFiles(
    clips.map((c) => c.path),
    (files) =>
      withTempDir(async (dir) => {
        const probes = await Promise.all(files.map((f, i) => probeVideo(f, clipLabel(clips, i), signal)));
        const durations = clips.map((clip, i) => trimmedDuration(clip, probes[i], i));
        const frames = framesPerClip(durations, output.fps);
        const fade = clips.length > 1 ? crossfadeFrames(output) : 0;
        const totalFrames = frames.reduce((a, b) => a + b, 0) - fade * (clips.length - 1);
        const durationSec = totalFrames / output.fps;
        const max = env().assemblyMaxDurationSec;
        if (durationSec > max) {
          throw invalid(
            "clips",
            `The film would last ${durationSec.toFixed(1)} s, over the ${max} s allowed (ASSEMBLY_MAX_DURATION_SECONDS): trim or drop takes.`,
          );
        }
        const graph = filmGraph(
          frames.map((n, i) => ({ frames: n, withAudio: probes[i].hasAudio && !clips[i].muted })),
          output,
        );
        const film = path.join(dir, "film.mp4");
        const inputs = clips.flatMap((clip, i) => [
          ...(clip.trimIn > 0 ? ["-ss", String(clip.trimIn)] : []),
          // Read a little past the cut: the graph cuts on the exact frame.
          ...["-t", String(durations[i] + 1), "-i", files[i]],
        ]);
        await runFfmpeg(
          [...inputs, "-filter_complex", graph, "-map", "[v]", "-map", "[a]", ...encodeArgs(output), film],
          { signal, onOutTime: (t) => onProgress?.(Math.min(0.95, (0.95 * t) / durationSec)) },
        );
        const source = createReadStream(film);
        const written = await writeMediaFile(
          request.destinationKey,
          signal ? addAbortSignal(signal, source) : source,
          { declaredType: "video/mp4" },
        );
        onProgress?.(1);
        return { size: written.size, sha256: written.sha256, contentType: written.contentType, durationSec };
      }),
  );
}

/** The encoder settings of a film; the bench's plain-concat baseline uses the same. */
export function encodeArgs(output: FilmOutput): string[] {
  return [
    ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", output.pixelFormat ?? "yuv420p"],
    ...["-r", String(output.fps), "-c:a", "aac", "-b:a", "160k", "-ar", "48000", "-ac", "2"],
    ...["-movflags", "+faststart", "-f", "mp4"],
  ];
}

/** Probes the takes (local paths of stored keys); used to choose the film's default settings. */
export function probeClips(keys: string[], signal?: AbortSignal): Promise<VideoProbe[]> {
  return withLocalFiles(keys, (files) =>
    Promise.all(files.map((f, i) => probeVideo(f, `Take ${i + 1} (${keys[i]})`, signal))),
  );
}

function trimmedDuration(clip: FilmClip, probe: VideoProbe, i: number): number {
  const end = clip.trimOut ?? probe.durationSec;
  const where = `clips[${i}]`;
  if (!(clip.trimIn >= 0) || clip.trimIn >= probe.durationSec) {
    throw invalid(
      `${where}.trimIn`,
      `${clipLabel([clip], 0, i)}: trim in ${clip.trimIn} s is outside the take (${probe.durationSec.toFixed(2)} s).`,
    );
  }
  if (!(end > clip.trimIn) || end > probe.durationSec + 0.05) {
    throw invalid(
      `${where}.trimOut`,
      `${clipLabel([clip], 0, i)}: trim out ${end} s must be after trim in and within the take (${probe.durationSec.toFixed(2)} s).`,
    );
  }
  return Math.min(end, probe.durationSec) - clip.trimIn;
}

function checkOutput(output: FilmOutput): void {
  const sideRule = "must be an even number of pixels from 16 to 4096";
  for (const side of ["width", "height"] as const) {
    const v = output[side];
    if (!Number.isInteger(v) || v % 2 !== 0 || v < 16 || v > 4096)
      throw invalid(`output.${side}`, `output.${side} ${sideRule}.`);
  }
  if (!(output.fps >= 1 && output.fps <= 60)) throw invalid("output.fps", "output.fps must be from 1 to 60.");
  const fade = output.crossfadeSeconds ?? 0;
  if (!(fade >= 0 && fade <= 2))
    throw invalid("output.crossfadeSeconds", "output.crossfadeSeconds must be from 0 to 2.");
  if (output.pixelFormat && !/^[a-z0-9]+$/.test(output.pixelFormat)) {
    throw invalid(
      "output.pixelFormat",
      "output.pixelFormat must be an ffmpeg pixel format name such as yuv420p.",
    );
  }
}

function clipLabel(clips: FilmClip[], i: number, position = i): string {
  return `Take ${position + 1} (${clips[i].path})`;
}

function invalid(field: string, message: string): StudioError {
  return new StudioError("invalid_request", message, { issues: [{ path: field, message }] });
}

/** Local paths for every key at once (a temp copy each from a bucket, removed afterwards). */
function withLocalFiles<T>(
  keys: string[],
  work: (files: string[]) => Promise<T>,
  got: string[] = [],
): Promise<T> {
  if (got.length === keys.length) return work(got);
  return withLocalMediaFile(keys[got.length], LOCAL_COPY_MAX_BYTES, (file) =>
    withLocalFiles(keys, work, [...got, file]),
  );
}
