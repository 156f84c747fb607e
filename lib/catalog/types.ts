import type { IssueCode, IssueParams } from "./issues";

/**
 * The shape of the model catalog: one declarative definition per model drives server validation,
 * the generated form in the browser and the sandbox upstream.
 */
export type ModelKind = "video" | "image";
export type MediaKind = "image" | "video" | "audio";
export type UnavailableReason = "brand_model_missing" | "brand_model_disabled";

type ParamBase = {
  /** Request field name, e.g. "reference_images". A dotted name ("video_edit.basic") is nested. */
  name: string;
  label: string;
  help?: string;
  /**
   * Required by the spec. A required field with a default is filled with that default when the
   * request leaves it out (the upstream needs it); a required field without one is an error.
   */
  required: boolean;
};

export type ParamDef =
  | (ParamBase & {
      type: "string";
      default?: string;
      minLength?: number;
      maxLength?: number;
      multiline?: boolean;
      /** A form the text must have (its source, serializable to the browser) and the rule in words. */
      pattern?: { source: string; rule: string };
    })
  | (ParamBase & {
      type: "enum";
      values: readonly string[];
      default?: string;
      /** Also accept a JSON number whose text is one of the values (`n: 1` -> "1"). */
      acceptNumbers?: boolean;
    })
  | (ParamBase & {
      type: "integer";
      min?: number;
      max?: number;
      default?: number;
      /** Only these values (v1 family A: 4, 8 or 12 seconds); the form offers them as a choice. */
      oneOf?: readonly number[];
    })
  | (ParamBase & { type: "boolean"; default?: boolean })
  | (ParamBase & {
      type: "media";
      media: MediaKind;
      minItems: number;
      maxItems: number;
      /** Accepted file formats as the spec lists them (help text and sandbox checks). */
      formats?: readonly string[];
      /** Per-file limits the spec states for this field (size, aspect, length, bytes). */
      limits?: MediaLimits;
    })
  /** Structured values (tools, image_roles, advanced pass-through): edited as JSON. */
  | (ParamBase & {
      type: "json";
      default?: unknown;
      example?: unknown;
      /** Which JSON value the field takes; its items are checked by the model's rules. */
      shape?: "array" | "object";
    });

export type ParamType = ParamDef["type"];

/**
 * What one file of a media field may be, as the spec states it: the studio checks it where it
 * knows the file (gallery items used as references); the upstream checks every URL itself.
 */
export type MediaLimits = {
  /** Width and height each, in px; `exclusive`: the bounds themselves are outside ("within (300, 6000)"). */
  sidePx?: { min?: number; max?: number; exclusive: boolean };
  /** Width ÷ height. */
  aspect?: { min: number; max: number; exclusive: boolean };
  /** Duration, in seconds, bounds included. */
  seconds?: { min?: number; max?: number };
  /** Video frame rate, frames per second, bounds included ("frame rate in [24, 60]"). */
  fps?: { min?: number; max?: number };
  /** The durations of all the field's files added up, in seconds, bounds included ("total at most 15 s"). */
  totalSeconds?: { min?: number; max?: number };
  /** File size; `exclusive`: "under" rather than "at most". */
  bytes?: { max: number; exclusive: boolean };
};

/** Cross-field rules a model opts into; each is a named function in rules.ts. */
export type RuleName =
  /** first-frame / first+last-frame / multimodal-reference scenarios cannot be mixed. */
  | "scenario-exclusivity"
  /** last_image only together with first_image. */
  | "last-image-needs-first"
  /** reference_audios need at least one reference image or video. */
  | "audio-needs-reference"
  /** Asset-library prompt limits: 500 Chinese characters, 1000 English words. */
  | "asset-prompt-limits"
  /** sd_2.5_ORelay image_roles items and exclusivity. */
  | "image-roles"
  /** tools may only hold `{ "type": "web_search" }` objects (sd2_disc_nvid). */
  | "web-search-tools"
  /** tools is an array of objects, passed through (sd_2.0_mini_discount; shape not shown). */
  | "object-tools";

export type ModelDef = {
  /** The Model ID sent as `model`. */
  id: string;
  /** Display name. */
  name: string;
  /** One line saying what the model does, shown in the picker. */
  description?: string;
  /** Group label as in the spec's published-models table (or "Reference pages"). */
  group: string;
  kind: ModelKind;
  /** Visible-but-unavailable models carry the spec's reason and cannot be submitted. */
  unavailableReason?: UnavailableReason;
  /** Asset-library model: media items may be assetId://… references. */
  assetLibrary: boolean;
  /** False for published ids without a parameter page: prompt + advanced JSON pass-through. */
  documented: boolean;
  params: readonly ParamDef[];
  /** Cross-field rules checked after every field is valid on its own. */
  rules?: readonly RuleName[];
  /** The upstream truncates longer prompts (not an error; the user is told before submit). */
  promptTruncation?: { maxNonChinese: number; maxChinese: number };
  /**
   * The page's mode rule (vendorm-H3-768p-c1): no media = text-to-video, images = image-to-video,
   * audio = audio-synchronized video. The form shows the mode from `detectMode`.
   */
  modeRule?: boolean;
  /** Human-readable rules shown above the form (scenario exclusivity, mode rule, limits). */
  notes?: readonly string[];
  /** Extra fields the upstream adds to this model's task objects (spec "Models that add result fields"). */
  resultFields?: readonly string[];
  /** Served by the older per-family endpoints ({base_url}/v1/{path}/videos) instead of the task API. */
  v1?: V1Route;
};

/** The v1 families the spec describes (its rules without path names); lib/catalog/v1/families.ts. */
export type V1FamilyKey = "A" | "B" | "C" | "D" | "E";

/** Where a v1 model is created and queried, as the operator's mapping file names it. */
export type V1Route = { family: V1FamilyKey; path: string; variant: string };

/** Published model *names* (not ids): listed for reference, never submittable. */
export type ModelNameEntry = { name: string; group: string };

export type ModelGroup = {
  label: string;
  kind: ModelKind;
  models: readonly ModelDef[];
  /** Published names in this group (not submittable: a name does not resolve upstream). */
  names?: readonly ModelNameEntry[];
};

export type TextModelVariant = "standard" | "official" | "low";
export type TextModel = { id: string; family: string; variant: TextModelVariant };

/**
 * A validation problem: `path` as zod and react-hook-form expect it; `message` in English (the API's
 * words), `code` + `params` for wording it in another language (issues.ts).
 */
export type CatalogIssue = {
  path: (string | number)[];
  message: string;
  code: IssueCode;
  params?: IssueParams;
};

/** A non-blocking warning (prompt truncation, local URLs, the mode rule): the spec's words, in English. */
export type CatalogNotice = { path: (string | number)[]; message: string };
