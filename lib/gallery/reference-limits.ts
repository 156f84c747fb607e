import type { ModelDef, ParamDef } from "../catalog";

/**
 * What a model field accepts of one file, as far as the studio can check it from what it stored
 * (content type, width, height, duration, size): "Use as reference" offers a field the stored file
 * cannot meet as disabled, with the reason, instead of a form the upstream will reject.
 *
 * The catalog declares the accepted formats (`formats`) but the numeric limits only as help text,
 * so they are restated here from the spec: the asset-library table (sd2_disc_nvid,
 * sd_2.0_mini_discount) and the per-field lines of other models.
 */
export type MediaLimits = {
  /** Accepted formats as the catalog lists them ("jpeg", "JPG/JPEG", "MP4"). */
  formats?: readonly string[];
  /** Width and height each, in px; `exclusive`: the bounds themselves are outside ("within (300, 6000)"). */
  sidePx?: { min?: number; max?: number; exclusive: boolean };
  /** Width ÷ height. */
  aspect?: { min: number; max: number; exclusive: boolean };
  /** Duration, in seconds, bounds included. */
  seconds?: { min?: number; max?: number };
  /** File size; `exclusive`: "under" rather than "at most". */
  bytes?: { max: number; exclusive: boolean };
};

/** The file as stored; null where the studio does not know. */
export type StoredMediaFacts = {
  contentType: string | null;
  width: number | null;
  height: number | null;
  durationSec: number | null;
  size: number | null;
};

const MB = 1024 * 1024;

// Spec, "Asset and scenario limits": image and video limits of the asset-library models.
const ASSET_IMAGE: MediaLimits = {
  sidePx: { min: 300, max: 6000, exclusive: true },
  aspect: { min: 0.4, max: 2.5, exclusive: true },
  bytes: { max: 30 * MB, exclusive: true },
};
const ASSET_VIDEO: MediaLimits = { seconds: { min: 2, max: 15 }, bytes: { max: 50 * MB, exclusive: true } };

// Spec, per-field lines of the other models (model id → field → limits).
const FIELD_LIMITS: Record<string, Record<string, MediaLimits>> = {
  // "reference_videos: … total duration within 4 seconds": one video longer than that cannot fit.
  "vendorm-H3-768p-c2": { reference_videos: { seconds: { max: 4 } } },
  "hh-1.1-i2v-o": {
    first_image: {
      sidePx: { min: 300, exclusive: false },
      aspect: { min: 1 / 2.5, max: 2.5, exclusive: false },
      bytes: { max: 20 * MB, exclusive: false },
    },
  },
  "vendorw2.7-videoedit": { reference_videos: { seconds: { min: 3 } } },
};

type MediaParam = Extract<ParamDef, { type: "media" }>;

/** The limits of one media field of one model. */
export function referenceLimits(model: ModelDef, param: MediaParam): MediaLimits {
  const byKind = model.assetLibrary
    ? param.media === "image"
      ? ASSET_IMAGE
      : param.media === "video"
        ? ASSET_VIDEO
        : {}
    : {};
  return {
    ...(param.formats?.length ? { formats: param.formats } : {}),
    ...byKind,
    ...FIELD_LIMITS[model.id]?.[param.name],
  };
}

/** "video/quicktime" → mov; the names the catalog's format lists use. */
const SUBTYPE_ALIASES: Record<string, string[]> = {
  jpeg: ["jpeg", "jpg"],
  quicktime: ["mov", "quicktime"],
  "x-m4a": ["m4a"],
  mpeg: ["mp3", "mpeg"],
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
export function unmetLimit(limits: MediaLimits, media: StoredMediaFacts): string | null {
  if (limits.formats?.length && media.contentType && !formatAccepted(media.contentType, limits.formats))
    return `Takes ${limits.formats.join(", ")}; this file is ${media.contentType}.`;
  const { sidePx, aspect, seconds, bytes } = limits;
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
  if (bytes && media.size !== null && outside(media.size, undefined, bytes.max, bytes.exclusive))
    return `Files must be ${bounds(undefined, bytes.max, bytes.exclusive, mb)}; this one is ${mbUp(media.size)}.`;
  return null;
}
