import type { MediaLimits, ModelDef, ParamDef } from "../types";
import { GROUP } from "./groups";
import {
  IMAGE_FORMATS_ASSET,
  aspectRatio,
  duration,
  flag,
  frames,
  generateAudio,
  media,
  prompt,
  resolution,
  seed,
} from "./params";

const IMAGE_HELP =
  "Each under 30 MB; aspect ratio within (0.4, 2.5); width and height within (300 px, 6000 px). " +
  "Public http(s) URLs or assetId:// references.";

const MB = 1024 * 1024;

// Spec, "Asset and scenario limits": per file, and the total duration across a field's files.
const IMAGE_LIMITS: MediaLimits = {
  sidePx: { min: 300, max: 6000, exclusive: true },
  aspect: { min: 0.4, max: 2.5, exclusive: true },
  bytes: { max: 30 * MB, exclusive: true },
};
const VIDEO_LIMITS: MediaLimits = {
  seconds: { min: 2, max: 15 },
  totalSeconds: { max: 15 },
  fps: { min: 24, max: 60 },
  bytes: { max: 50 * MB, exclusive: true },
};
const AUDIO_LIMITS: MediaLimits = {
  seconds: { min: 2, max: 15 },
  totalSeconds: { max: 15 },
  bytes: { max: 15 * MB, exclusive: true },
};

/** Shared by the two asset-library models; sd_2.0_mini_discount differs only where the spec says. */
function assetLibraryParams(resolutions: readonly string[], tools: ParamDef): ParamDef[] {
  return [
    prompt({
      help: "What to generate. At most 500 Chinese characters and at most 1000 English words.",
    }),
    media("reference_images", "image", 0, 9, {
      formats: IMAGE_FORMATS_ASSET,
      limits: IMAGE_LIMITS,
      help: IMAGE_HELP,
    }),
    media("reference_videos", "video", 0, 3, {
      formats: ["mp4", "mov"],
      limits: VIDEO_LIMITS,
      help: "Each 2–15 s, together at most 15 s; each under 50 MB; frame rate 24–60 fps.",
    }),
    media("reference_audios", "audio", 0, 3, {
      formats: ["wav", "mp3"],
      limits: AUDIO_LIMITS,
      help: "Each 2–15 s, together at most 15 s; each under 15 MB. Needs a reference image or video.",
    }),
    duration(4, 15, { default: 5, required: true }),
    aspectRatio(["16:9", "9:16", "1:1", "4:3", "3:4", "21:9", "adaptive"], { default: "16:9" }),
    resolution(resolutions, { default: "720p" }),
    seed({ min: -1, default: -1, help: "-1 picks a random seed." }),
    ...frames({ formats: IMAGE_FORMATS_ASSET, limits: IMAGE_LIMITS }),
    generateAudio(),
    tools,
  ];
}

const NOTES = [
  "Pick one scenario: first frame, first + last frame, or multimodal reference (1–9 images, videos, audio); they cannot be mixed.",
  "Reference audio needs at least one reference image or video.",
  "Upload media to the asset library first and use assetId://{assetId} to avoid review failures.",
];

export const assetLibraryModels: ModelDef[] = [
  {
    id: "sd2_disc_nvid",
    name: "sd2_disc_nvid",
    description: "Asset library · text, frames or multimodal reference to video, up to 1080p.",
    group: GROUP.reference,
    kind: "video",
    assetLibrary: true,
    documented: true,
    params: assetLibraryParams(["480p", "720p", "1080p"], {
      name: "tools",
      label: "Tools",
      type: "json",
      shape: "array",
      required: false,
      example: [{ type: "web_search" }],
      help: 'Not sent by default. The only supported tool is web search: [{ "type": "web_search" }].',
    }),
    rules: [
      "scenario-exclusivity",
      "last-image-needs-first",
      "audio-needs-reference",
      "asset-prompt-limits",
      "web-search-tools",
    ],
    notes: NOTES,
    resultFields: ["upstream_url", "upstream_urls"],
  },
  {
    id: "sd_2.0_mini_discount",
    name: "sd_2.0_mini_discount",
    description: "Asset library · text, frames or multimodal reference to video, up to 720p.",
    group: GROUP.discount20,
    kind: "video",
    assetLibrary: true,
    documented: true,
    params: [
      ...assetLibraryParams(["480p", "720p"], {
        name: "tools",
        label: "Tools",
        type: "json",
        shape: "array",
        required: false,
        help: "Official tool configuration objects, sent as-is (their shape is not documented).",
      }),
      flag(
        "return_last_frame",
        "Return last frame",
        true,
        "When a last frame is generated, its URL is returned as last_frame_url.",
      ),
    ],
    rules: [
      "scenario-exclusivity",
      "last-image-needs-first",
      "audio-needs-reference",
      "asset-prompt-limits",
      "object-tools",
    ],
    notes: NOTES,
    resultFields: ["upstream_url", "upstream_urls", "last_frame_url"],
  },
];
