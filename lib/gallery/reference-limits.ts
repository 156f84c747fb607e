import type { MediaLimits, ParamDef } from "../catalog";

/**
 * What a model field accepts of one file, as far as the studio can check it from what it stored
 * (content type, width, height, duration, size): "Use as reference" offers a field the stored file
 * cannot meet as disabled, with the reason, instead of a form the upstream will reject. The
 * formats and limits come from the catalog.
 */
export type FieldFileLimits = MediaLimits & {
  /** Accepted formats as the catalog lists them ("jpeg", "JPG/JPEG", "MP4"). */
  formats?: readonly string[];
};

/** The file as stored; null where the studio does not know. */
export type StoredMediaFacts = {
  contentType: string | null;
  width: number | null;
  height: number | null;
  durationSec: number | null;
  size: number | null;
  /** Video frame rate; undefined or null where the studio does not know it. */
  fps?: number | null;
};

const MB = 1024 * 1024;

type MediaParam = Extract<ParamDef, { type: "media" }>;

/** The formats and per-file limits of one media field. */
export function referenceLimits(param: MediaParam): FieldFileLimits {
  return { ...(param.formats?.length ? { formats: param.formats } : {}), ...param.limits };
}

/** "video/quicktime" → mov; the names the catalog's format lists use. */
const SUBTYPE_ALIASES: Record<string, string[]> = {
  jpeg: ["jpeg", "jpg"],
  quicktime: ["mov", "quicktime"],
  "x-m4a": ["m4a"],
  mpeg: ["mp3", "mpeg"],
  "x-wav": ["wav"],
  "vnd.wave": ["wav"],
  wave: ["wav"],
};

function formatAccepted(contentType: string, formats: readonly string[]): boolean {
  const subtype = contentType.split(";")[0].split("/")[1]?.trim().toLowerCase() ?? "";
  const names = SUBTYPE_ALIASES[subtype] ?? [subtype];
  const accepted = formats.flatMap((f) => f.toLowerCase().split(/[/\s]+/));
  return names.some((name) => accepted.includes(name));
}

const px = (n: number) => `${n} px`;
const mb = (bytes: number) => `${Number((bytes / MB).toFixed(1))} MB`;
// A file's size rounded up: 20 MB and one byte is not shown as the 20 MB it exceeds.
const mbUp = (bytes: number) => `${Math.ceil((bytes / MB) * 10) / 10} MB`;
const ratio = (n: number) => String(Number(n.toFixed(2)));
const outside = (value: number, min: number | undefined, max: number | undefined, exclusive: boolean) =>
  (min !== undefined && (exclusive ? value <= min : value < min)) ||
  (max !== undefined && (exclusive ? value >= max : value > max));

function bounds(
  min: number | undefined,
  max: number | undefined,
  exclusive: boolean,
  unit: (n: number) => string,
) {
  if (min !== undefined && max !== undefined)
    return exclusive ? `between ${unit(min)} and ${unit(max)} (exclusive)` : `${unit(min)}–${unit(max)}`;
  if (min !== undefined) return exclusive ? `over ${unit(min)}` : `at least ${unit(min)}`;
  return exclusive ? `under ${unit(max!)}` : `at most ${unit(max!)}`;
}

/**
 * Why the stored file cannot be used in a field with these limits, or null if it can as far as
 * the studio knows (an unknown dimension is not held against it).
 */
export function unmetLimit(limits: FieldFileLimits, media: StoredMediaFacts): string | null {
  if (limits.formats?.length && media.contentType && !formatAccepted(media.contentType, limits.formats))
    return `Takes ${limits.formats.join(", ")}; this file is ${media.contentType}.`;
  const { sidePx, aspect, seconds, fps, bytes } = limits;
  if (sidePx && media.width !== null && media.height !== null) {
    const bad = [media.width, media.height].some((side) =>
      outside(side, sidePx.min, sidePx.max, sidePx.exclusive),
    );
    if (bad)
      return `Width and height must each be ${bounds(sidePx.min, sidePx.max, sidePx.exclusive, px)}; this file is ${media.width}×${media.height}.`;
  }
  if (aspect && media.width && media.height) {
    const value = media.width / media.height;
    if (outside(value, aspect.min, aspect.max, aspect.exclusive))
      return `Aspect ratio (width ÷ height) must be ${bounds(aspect.min, aspect.max, aspect.exclusive, ratio)}; this file's is ${ratio(value)}.`;
  }
  if (seconds && media.durationSec !== null && outside(media.durationSec, seconds.min, seconds.max, false))
    return `Length must be ${bounds(seconds.min, seconds.max, false, (n) => `${n} s`)}; this one is ${Number(media.durationSec.toFixed(1))} s.`;
  if (fps && media.fps != null && outside(media.fps, fps.min, fps.max, false))
    return `Frame rate must be ${bounds(fps.min, fps.max, false, (n) => `${n} fps`)}; this one is ${Number(media.fps.toFixed(2))} fps.`;
  if (bytes && media.size !== null && outside(media.size, undefined, bytes.max, bytes.exclusive))
    return `Files must be ${bounds(undefined, bytes.max, bytes.exclusive, mb)}; this one is ${mbUp(media.size)}.`;
  return null;
}

/**
 * Why the field's files together break its total-duration bound (`totalSeconds`), or null. Only
 * known durations are added up: an unknown one is not held against the field.
 */
export function unmetTotal(limits: MediaLimits, durations: readonly (number | null)[]): string | null {
  const bound = limits.totalSeconds;
  const known = durations.filter((d): d is number => d !== null);
  if (!bound || known.length === 0) return null;
  const total = known.reduce((sum, d) => sum + d, 0);
  if (!outside(total, bound.min, bound.max, false)) return null;
  return `Together the files must be ${bounds(bound.min, bound.max, false, (n) => `${n} s`)} long; these add up to ${Number(total.toFixed(1))} s.`;
}
