import { getModel } from "../catalog";
import type { Db } from "../db";
import { StudioError } from "../errors";

/**
 * What sequences need from lib/video (issue 22, built on branch wt/frames): the last frame of a
 * take, putting a first frame into a model's body, asking for a returned last frame, and the
 * ffmpeg assembly. Runners and workers take it as a dependency so this module is the one place
 * that wires lib/video in; until lib/video lands, the fallbacks below cover the catalog-only parts
 * (a `first_image` / `image_roles` field, `return_last_frame`) and refuse what needs ffmpeg.
 */
export type LastFrame = { path: string; url: string };

export type FilmClip = { path: string; trimIn: number; trimOut: number; muted: boolean };
export type FilmOutput = { width: number; height: number; fps: number; crossfadeSeconds: number };
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
};

const paramNames = (modelId: string) => new Set(getModel(modelId)?.params.map((p) => p.name) ?? []);

function firstFrameField(modelId: string): string | null {
  const names = paramNames(modelId);
  if (names.has("first_image")) return "first_image";
  if (names.has("image_roles")) return "image_roles";
  return null;
}

const unavailable = (what: string) => async (): Promise<never> => {
  throw new StudioError("conflict", `${what} needs lib/video (not in this build yet)`);
};

export const fallbackVideoPort: VideoPort = {
  lastFrameOf: unavailable("the last frame of a take"),
  firstFrameField,
  withFirstFrame(modelId, body, url) {
    const field = firstFrameField(modelId);
    if (field === "first_image") return { ...body, first_image: [url] };
    if (field === "image_roles") {
      const others = Array.isArray(body.image_roles)
        ? (body.image_roles as { role?: string }[]).filter((r) => r?.role !== "first_frame")
        : [];
      return { ...body, image_roles: [{ url, role: "first_frame" }, ...others] };
    }
    throw new StudioError("invalid_request", `chained: ${modelId} takes no first frame`);
  },
  returnsLastFrame: (modelId) => paramNames(modelId).has("return_last_frame"),
  withLastFrameRequested: (modelId, body) =>
    paramNames(modelId).has("return_last_frame") && body.return_last_frame === undefined
      ? { ...body, return_last_frame: true }
      : body,
  assembleFilm: unavailable("assembling a film"),
};

/** The studio's port (the fallbacks until wt/frames is merged: then lib/video's functions). */
export function videoPort(): VideoPort {
  return fallbackVideoPort;
}
