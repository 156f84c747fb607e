import { media, prompt, resolution } from "../models/params";
import type { ModelDef, ParamDef, V1FamilyKey } from "../types";

/**
 * The spec's video-family v1 endpoints (POST {base_url}/v1/{family}/videos) list each family's
 * rules without its path name or model ids. This table is those rules, one entry per family and
 * variant; the operator's mapping file (mapping.ts) says which real path and model ids follow
 * which entry. Create body: model, prompt, aspect_ratio, seconds (spec); resolution and
 * reference_images only where the spec names them for a family (docs/decisions/v1-families.md).
 */

/** "ratio form such as width:height": any positive whole-number pair, not a fixed list. */
function ratio(): ParamDef {
  return {
    name: "aspect_ratio",
    label: "Aspect ratio",
    type: "string",
    required: true,
    default: "16:9",
    minLength: 3,
    pattern: { source: "^[1-9]\\d{0,4}:[1-9]\\d{0,4}$", rule: "width:height, such as 16:9 or 9:16" },
    help: "Width:height of the video.",
  };
}

function seconds(rule: { min?: number; max?: number; oneOf?: readonly number[]; default: number }): ParamDef {
  return {
    name: "seconds",
    label: "Length (seconds)",
    type: "integer",
    required: true,
    ...rule,
    help: "Length of the video in seconds.",
  };
}

export type V1Variant = {
  /** What the spec says about it, shown in the picker. */
  summary: string;
  params: () => ParamDef[];
};

export type V1Family = {
  key: V1FamilyKey;
  /** How the spec describes the family. */
  title: string;
  /** Variant name → rules. */
  variants: Readonly<Record<string, V1Variant>>;
  /** "with asset management": media items may be assetId:// references. */
  assetLibrary: boolean;
};

const familyA: V1Family = {
  key: "A",
  title: "Family A",
  assetLibrary: false,
  variants: {
    stable: {
      summary: "Stable variant · 10 or 15 s",
      params: () => [prompt(), ratio(), seconds({ oneOf: [10, 15], min: 10, max: 15, default: 10 })],
    },
    standard: {
      summary: "4, 8 or 12 s",
      params: () => [prompt(), ratio(), seconds({ oneOf: [4, 8, 12], min: 4, max: 12, default: 4 })],
    },
  },
};

const familyBVariant: V1Variant = {
  summary: "1–16 s · 540p, 720p or 1080p",
  params: () => [
    prompt(),
    ratio(),
    seconds({ min: 1, max: 16, default: 5 }),
    resolution(["540p", "720p", "1080p"], { default: "720p", required: true }),
  ],
};

const familyB: V1Family = {
  key: "B",
  title: "Family B (pro/turbo style)",
  assetLibrary: false,
  variants: { pro: familyBVariant, turbo: familyBVariant },
};

const familyC: V1Family = {
  key: "C",
  title: "Family C",
  assetLibrary: false,
  variants: {
    standard: {
      summary: "6–30 s · 480p or 720p · up to 7 reference images",
      params: () => [
        prompt(),
        ratio(),
        seconds({ min: 6, max: 30, default: 6 }),
        resolution(["480p", "720p"], { default: "720p", required: true }),
        media("reference_images", "image", 0, 7, { help: "Up to 7 public image URLs." }),
      ],
    },
    pro: {
      summary: "Pro variant · always 10 s, no resolution",
      params: () => [prompt(), ratio(), seconds({ min: 10, max: 10, default: 10 })],
    },
  },
};

const familyDVariant = (summary: string): V1Variant => ({
  summary,
  params: () => [prompt(), ratio(), seconds({ min: 5, max: 10, default: 5 })],
});

const familyD: V1Family = {
  key: "D",
  title: "Family with 720p and 1080p variants",
  assetLibrary: false,
  variants: { "720p": familyDVariant("720p · 5–10 s"), "1080p": familyDVariant("1080p · 5–10 s") },
};

// Lengths and media counts of this family are not shown: the studio asks for a whole number of
// seconds (1–60) and up to 9 references, the asset library's multimodal limit, and leaves the rest
// to the upstream (docs/decisions/v1-families.md).
const familyEVariant = (summary: string): V1Variant => ({
  summary,
  params: () => [
    prompt(),
    ratio(),
    seconds({ min: 1, max: 60, default: 5 }),
    media("reference_images", "image", 0, 9, {
      help: "Public image URLs or assetId:// references from the asset library.",
    }),
  ],
});

const familyE: V1Family = {
  key: "E",
  title: "Family with asset management",
  assetLibrary: true,
  variants: {
    standard: familyEVariant("Standard · asset library references"),
    fast: familyEVariant("Fast · asset library references"),
    pro: familyEVariant("Pro · asset library references"),
    "fast-pro": familyEVariant("Fast pro · asset library references"),
  },
};

export const V1_FAMILIES: Readonly<Record<V1FamilyKey, V1Family>> = {
  A: familyA,
  B: familyB,
  C: familyC,
  D: familyD,
  E: familyE,
};

/** One mapped model: which family rules, under which path, sent as which id. */
export type V1ModelMapping = {
  family: V1FamilyKey;
  path: string;
  variant: string;
  id: string;
  name?: string;
  /** The operator's name for the family, else the table's. */
  familyLabel?: string;
};

/** The group a family's models are listed under in the picker. */
export function v1GroupLabel(family: V1FamilyKey, path: string, label?: string): string {
  return `v1 · ${label ?? V1_FAMILIES[family].title} (/v1/${path}/videos)`;
}

/** A catalog model for a mapped v1 model; the variant must exist (mapping.ts checks it). */
export function buildV1Model(mapping: V1ModelMapping): ModelDef {
  const family = V1_FAMILIES[mapping.family];
  const variant = family.variants[mapping.variant];
  return {
    id: mapping.id,
    name: mapping.name ?? mapping.id,
    description: `v1 ${family.title} · ${variant.summary}`,
    group: v1GroupLabel(mapping.family, mapping.path, mapping.familyLabel),
    kind: "video",
    assetLibrary: family.assetLibrary,
    documented: true,
    params: variant.params(),
    notes: [
      `Sent to the v1 endpoint POST /v1/${mapping.path}/videos (not the task API); tracked, stored and billed like every task.`,
    ],
    v1: { family: mapping.family, path: mapping.path, variant: mapping.variant },
  };
}
