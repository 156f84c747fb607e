import {
  firstFrameField,
  returnsLastFrame,
  withFirstFrame,
  withLastFrameRequested,
} from "../catalog/first-frame";
import type { Db } from "../db";
import { assembleFilm as assembleWithFfmpeg, probeClips } from "../video/assemble";
import type { FilmOutput } from "../video/film-graph";
import type { VideoProbe } from "../video/probe";
import { lastFrameOf } from "../video/last-frame";

/**
 * What sequences need from lib/video and the catalog's first-frame rules: the last frame of a take,
 * putting a first frame into a model's body, asking for a returned last frame, and the ffmpeg
 * assembly. The runner and the assembly worker take it as a dependency (one place wires lib/video
 * in), so their tests can stand in for ffmpeg where ffmpeg is not what is under test.
 */
export type LastFrame = { path: string; url: string };

export type FilmClip = { path: string; trimIn: number; trimOut: number | null; muted: boolean };
export type AssembleFilm = (job: {
  clips: FilmClip[];
  output: FilmOutput;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
  destinationKey: string;
}) => Promise<{ size: number; sha256: string; durationSec: number }>;

export type VideoPort = {
  lastFrameOf: (db: Db, taskId: string) => Promise<LastFrame>;
  firstFrameField: (modelId: string) => string | null;
  withFirstFrame: (modelId: string, body: Record<string, unknown>, url: string) => Record<string, unknown>;
  returnsLastFrame: (modelId: string) => boolean;
  withLastFrameRequested: (modelId: string, body: Record<string, unknown>) => Record<string, unknown>;
  assembleFilm: AssembleFilm;
  probeClips: (
    keys: string[],
    signal?: AbortSignal,
  ) => Promise<Pick<VideoProbe, "width" | "height" | "fps">[]>;
};

export const studioVideoPort: VideoPort = {
  // Without a request, lib/video hands the upstream PUBLIC_BASE_URL or the studio's own HOST:PORT.
  lastFrameOf: (db, taskId) => lastFrameOf(db, taskId, {}),
  firstFrameField,
  withFirstFrame,
  returnsLastFrame,
  withLastFrameRequested: (modelId, body) => withLastFrameRequested(modelId, body),
  assembleFilm: assembleWithFfmpeg,
  probeClips,
};

export function videoPort(): VideoPort {
  return studioVideoPort;
}
