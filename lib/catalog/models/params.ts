import { PROMPT_MAX_CHARS } from "../prompt-text";
import type { MediaKind, MediaLimits, ParamDef } from "../types";

/**
 * Small builders so each model entry reads like the spec's parameter list. Every bound, default
 * and help text lives here or in the model files: the form, server and sandbox never restate them.
 */
type Opt<T> = Partial<T> & { required?: boolean; help?: string };

export function prompt(opts: { minLength?: number; maxLength?: number; help?: string } = {}): ParamDef {
  return {
    name: "prompt",
    label: "Prompt",
    type: "string",
    required: true,
    multiline: true,
    minLength: opts.minLength ?? 1,
    maxLength: Math.min(opts.maxLength ?? PROMPT_MAX_CHARS, PROMPT_MAX_CHARS),
    help: opts.help ?? "What to generate.",
  };
}

const MEDIA_LABEL: Record<string, string> = {
  reference_images: "Reference images",
  reference_videos: "Reference videos",
  reference_audios: "Reference audio",
  first_image: "First frame",
  last_image: "Last frame",
};

export function media(
  name: string,
  kind: MediaKind,
  minItems: number,
  maxItems: number,
  opts: {
    required?: boolean;
    help?: string;
    formats?: readonly string[];
    limits?: MediaLimits;
    label?: string;
  } = {},
): ParamDef {
  return {
    name,
    label: opts.label ?? MEDIA_LABEL[name] ?? name,
    type: "media",
    media: kind,
    minItems,
    maxItems,
    required: opts.required ?? minItems > 0,
    formats: opts.formats,
    ...(opts.limits ? { limits: opts.limits } : {}),
    help: opts.help,
  };
}

/** reference_images / reference_videos / reference_audios with their item counts. */
export function references(images: number, videos?: number, audios?: number): ParamDef[] {
  const out = [media("reference_images", "image", 0, images)];
  if (videos !== undefined) out.push(media("reference_videos", "video", 0, videos));
  if (audios !== undefined) out.push(media("reference_audios", "audio", 0, audios));
  return out;
}

export function frames(
  help: { first?: string; last?: string; formats?: readonly string[]; limits?: MediaLimits } = {},
): ParamDef[] {
  return [
    media("first_image", "image", 0, 1, {
      help: help.first ?? "Image used as the first frame (image-to-video).",
      formats: help.formats,
      limits: help.limits,
    }),
    media("last_image", "image", 0, 1, {
      help: help.last ?? "Image used as the last frame; needs a first frame.",
      formats: help.formats,
      limits: help.limits,
    }),
  ];
}

export function duration(min: number, max: number, opts: Opt<{ default: number }> = {}): ParamDef {
  return {
    name: "duration",
    label: "Duration (seconds)",
    type: "integer",
    min,
    max,
    default: opts.default,
    required: opts.required ?? false,
    help: opts.help ?? "Length of the video in seconds.",
  };
}

function choice(name: string, label: string, help: string) {
  return (values: readonly string[], opts: Opt<{ default: string }> = {}): ParamDef => ({
    name,
    label,
    type: "enum",
    values,
    default: opts.default,
    required: opts.required ?? false,
    help: opts.help ?? help,
  });
}

export const aspectRatio = choice("aspect_ratio", "Aspect ratio", "Width:height of the output.");
export const resolution = choice("resolution", "Resolution", "Output resolution.");

const MAX_SEED = 2147483647;

export function seed(opts: { min?: number; default?: number; help?: string } = {}): ParamDef {
  return {
    name: "seed",
    label: "Seed",
    type: "integer",
    min: opts.min ?? 0,
    max: MAX_SEED,
    default: opts.default,
    required: false,
    help: opts.help ?? "Same seed and parameters give similar results; leave empty for a random seed.",
  };
}

export function flag(name: string, label: string, defaultValue: boolean, help: string): ParamDef {
  return { name, label, type: "boolean", default: defaultValue, required: false, help };
}

export const watermark = () => flag("watermark", "Watermark", false, "Add the provider's watermark.");
export const generateAudio = () =>
  flag("generate_audio", "Generate audio", true, "Generate a soundtrack with the video.");

export function text(name: string, label: string, help: string): ParamDef {
  return { name, label, type: "string", required: false, minLength: 1, help };
}

/** The pass-through object of published ids that have no parameter page. */
export function advanced(): ParamDef {
  return {
    name: "advanced",
    label: "Advanced parameters (JSON)",
    type: "json",
    shape: "object",
    required: false,
    example: { duration: 5, aspect_ratio: "16:9" },
    help:
      "This model's parameters are undocumented: its keys are sent as-is, merged into the request " +
      "body next to prompt. Check the provider's model page for the fields it accepts.",
  };
}

export const IMAGE_FORMATS_ASSET = ["jpeg", "png", "webp", "bmp", "tiff", "gif", "heic", "heif"] as const;
