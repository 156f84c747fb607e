import type { Schedule } from "./timeline";
import type { TaskSeed } from "./task-codec";

/**
 * The spec leaves the types of progress, amount and actualDuration "not shown". A real upstream
 * relays vendor answers, so the sandbox varies them by model family (deterministically) to make
 * the studio's normalization earn its keep:
 * - "videos_*"  : strings — progress "45%", amount "0.35", actualDuration "5"
 * - "vendorm-*" : progress as a bare numeric string "45", amount a number, actualDuration a float (5.04)
 * - all others  : numbers
 */
export type FieldFormat = "numbers" | "percent-strings" | "numeric-strings";

function fieldFormat(model: string): FieldFormat {
  if (model.startsWith("videos_")) return "percent-strings";
  if (model.startsWith("vendorm-")) return "numeric-strings";
  return "numbers";
}

export function formatProgress(model: string, progress: number): number | string {
  switch (fieldFormat(model)) {
    case "percent-strings":
      return `${progress}%`;
    case "numeric-strings":
      return String(progress);
    default:
      return progress;
  }
}

export function formatAmount(model: string, credits: number): number | string {
  return fieldFormat(model) === "percent-strings" ? credits.toFixed(2) : credits;
}

export function formatActualDuration(model: string, seconds: number): number | string {
  switch (fieldFormat(model)) {
    case "percent-strings":
      return String(seconds);
    case "numeric-strings":
      return Math.round((seconds + 0.04) * 100) / 100; // encoders overshoot by a frame or so
    default:
      return seconds;
  }
}

const VIDEO_RATE: ReadonlyArray<[prefix: string, creditsPerSecond: number]> = [
  ["videos_", 0.08],
  ["vendorm-", 0.12],
  ["vendorw", 0.15],
  ["sd", 0.1],
];

const RESOLUTION_FACTOR: Record<string, number> = {
  "480p": 0.6,
  "720p": 1,
  "768p": 1.1,
  "1080p": 1.5,
  "2k": 1,
  "3k": 1.5,
  "4k": 2,
};

const DEFAULT_VIDEO_SECONDS = 5;

/** Credits of a completed task: deterministic in model, duration and resolution. */
export function creditsOf(seed: TaskSeed): number {
  const factor = RESOLUTION_FACTOR[seed.resolution?.toLowerCase() ?? ""] ?? 1;
  if (seed.kind === "image") return round2(0.04 * factor);
  const rate = VIDEO_RATE.find(([prefix]) => seed.model.startsWith(prefix))?.[1] ?? 0.1;
  return round2(rate * (seed.duration ?? DEFAULT_VIDEO_SECONDS) * factor);
}

/** Video: the requested length. Image: seconds spent generating. */
export function actualSecondsOf(seed: TaskSeed, schedule: Schedule): number {
  if (seed.kind === "image") return Math.round((schedule.endsMs - schedule.startsMs) / 100) / 10;
  return seed.duration ?? DEFAULT_VIDEO_SECONDS;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
