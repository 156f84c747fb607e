/**
 * The spec's per-model parameter tables, restated independently of the model definitions so the
 * bound tests fail when a definition drifts from the spec.
 */
export type SpecInteger = { min: number; max: number; default?: number; required?: boolean };
export type SpecEnum = { values: string[]; default?: string; required?: boolean };
export type SpecMedia = { min: number; max: number; required?: boolean };
export type SpecModel = {
  /** A valid body with only what the model requires (besides what the test varies). */
  base: Record<string, unknown>;
  integers?: Record<string, SpecInteger>;
  enums?: Record<string, SpecEnum>;
  media?: Record<string, SpecMedia>;
  booleans?: Record<string, boolean>;
  promptMax?: number;
};

const IMG = "https://cdn.example.com/a.png";
const RATIOS_6 = ["16:9", "9:16", "1:1", "4:3", "3:4", "21:9"];
const RATIOS_8 = ["1:1", "2:3", "3:2", "3:4", "4:3", "9:16", "16:9", "21:9"];
const SEED = { min: 0, max: 2147483647 };

export const SPEC: Record<string, SpecModel> = {
  sd2_disc_nvid: {
    base: { prompt: "a cat" },
    integers: {
      duration: { min: 4, max: 15, default: 5, required: true },
      seed: { min: -1, max: 2147483647, default: -1 },
    },
    enums: {
      aspect_ratio: { values: [...RATIOS_6, "adaptive"], default: "16:9" },
      resolution: { values: ["480p", "720p", "1080p"], default: "720p" },
    },
    media: {
      reference_images: { min: 0, max: 9 },
      reference_videos: { min: 0, max: 3 },
      reference_audios: { min: 0, max: 3 },
      first_image: { min: 0, max: 1 },
      last_image: { min: 0, max: 1 },
    },
    booleans: { generate_audio: true },
  },
  "sd_2.0_mini_discount": {
    base: { prompt: "a cat" },
    integers: {
      duration: { min: 4, max: 15, default: 5, required: true },
      seed: { min: -1, max: 2147483647, default: -1 },
    },
    enums: {
      aspect_ratio: { values: [...RATIOS_6, "adaptive"], default: "16:9" },
      resolution: { values: ["480p", "720p"], default: "720p" },
    },
    media: {
      reference_images: { min: 0, max: 9 },
      reference_videos: { min: 0, max: 3 },
      reference_audios: { min: 0, max: 3 },
      first_image: { min: 0, max: 1 },
      last_image: { min: 0, max: 1 },
    },
    booleans: { generate_audio: true, return_last_frame: true },
  },
  "sd_2.5_ORelay": {
    base: { prompt: "a cat" },
    integers: { duration: { min: 4, max: 30, default: 4 } },
    enums: { aspect_ratio: { values: RATIOS_6 }, resolution: { values: ["480p", "720p", "1080p"] } },
    media: {
      reference_images: { min: 0, max: 30 },
      reference_videos: { min: 0, max: 10 },
      reference_audios: { min: 0, max: 10 },
    },
    booleans: { generate_audio: true, return_last_frame: false },
  },
  videos_30_10_10_c4: {
    base: { prompt: "a cat" },
    integers: { duration: { min: 5, max: 30 } },
    enums: {
      aspect_ratio: { values: RATIOS_8 },
      resolution: { values: ["720p"], default: "720p" },
      n: { values: ["1"], default: "1" },
    },
    media: {
      reference_images: { min: 0, max: 30 },
      reference_videos: { min: 0, max: 10 },
      reference_audios: { min: 0, max: 10 },
    },
  },
  "videos_2.5_30_10_10_c6": {
    base: { prompt: "a cat" },
    integers: { duration: { min: 5, max: 30, default: 5 } },
    enums: { aspect_ratio: { values: RATIOS_8 }, resolution: { values: ["720p"], default: "720p" } },
    media: {
      reference_images: { min: 0, max: 30 },
      reference_videos: { min: 0, max: 10 },
      reference_audios: { min: 0, max: 10 },
      first_image: { min: 0, max: 1 },
      last_image: { min: 0, max: 1 },
    },
  },
  "vendorw2.7-videoedit": {
    base: { prompt: "a cat", reference_videos: ["https://cdn.example.com/v.mp4"] },
    integers: { seed: SEED },
    enums: {
      aspect_ratio: { values: ["16:9", "9:16", "1:1", "3:4", "4:3"], default: "16:9" },
      resolution: { values: ["720P", "1080P"], default: "1080P" },
    },
    media: { reference_images: { min: 0, max: 4 }, reference_videos: { min: 1, max: 1, required: true } },
    booleans: { watermark: false },
  },
  "vendorm-H3-768p-c2": {
    base: { prompt: "a cat" },
    promptMax: 7000,
    integers: { duration: { min: 1, max: 15 } },
    enums: {
      aspect_ratio: { values: RATIOS_6, default: "16:9" },
      resolution: { values: ["768P"], default: "768P" },
    },
    media: {
      reference_images: { min: 0, max: 9 },
      reference_videos: { min: 0, max: 3 },
      reference_audios: { min: 0, max: 3 },
      first_image: { min: 0, max: 1 },
      last_image: { min: 0, max: 1 },
    },
  },
  "vendorw2.7-r2v": {
    base: { prompt: "a cat", reference_images: [IMG] },
    integers: { duration: { min: 4, max: 15, default: 5, required: true }, seed: SEED },
    enums: {
      aspect_ratio: { values: ["16:9", "9:16", "1:1", "4:3", "3:4"], default: "16:9" },
      resolution: { values: ["720P", "1080P"], default: "1080P" },
    },
    media: { reference_images: { min: 1, max: 3, required: true } },
    booleans: { watermark: false },
  },
  "hh-1.1-i2v-o": {
    base: { prompt: "a cat", first_image: [IMG] },
    integers: { duration: { min: 3, max: 15, default: 5 }, seed: SEED },
    enums: { resolution: { values: ["720P", "1080P"], default: "1080P", required: true } },
    media: { first_image: { min: 1, max: 1, required: true } },
    booleans: { watermark: false },
  },
  "vendors-5.0": {
    base: { prompt: "a cat" },
    enums: {
      aspect_ratio: { values: ["1:1", "3:4", "4:3", "16:9", "9:16", "3:2", "2:3", "21:9"], default: "1:1" },
      resolution: { values: ["2K", "3K", "4K"], default: "2K" },
    },
    media: { reference_images: { min: 0, max: 10 } },
    booleans: { watermark: false },
  },
  "vendorm-H3-768p-c1": {
    base: { prompt: "a cat" },
    integers: { duration: { min: 5, max: 15, default: 5, required: true } },
    enums: {
      aspect_ratio: { values: ["16:9", "9:16"], default: "16:9" },
      resolution: { values: ["768p"], default: "768p" },
    },
    media: { reference_images: { min: 0, max: 9 }, reference_audios: { min: 0, max: 1 } },
  },
  "videos_900_720p-c1": {
    base: { prompt: "a cat" },
    promptMax: 1500,
    integers: { duration: { min: 15, max: 15, default: 15 } },
    enums: {
      aspect_ratio: { values: ["16:9", "9:16"], default: "16:9" },
      resolution: { values: ["720p"], default: "720p", required: true },
    },
    media: { reference_images: { min: 0, max: 9 } },
  },
};

/** Published ids with no parameter page. */
export const UNDOCUMENTED = [
  "vendors_5.0Pro",
  "sd_2.5_discount_v1",
  "sd_2.5_special_v1",
  "sd_2.0_fast_special",
  "sd_2.0_mini_special",
  "sd_2.0_special",
  "sd_2.0_discount",
  "sd_2.0_fast_discount",
  "vendorm-H3_933_1080p",
  "vendorm-H3-2K-c1",
  "vendorm-H3-768p",
  "videos_30_10_10_c3",
  "vendorw3.0-prime-r2v-c1",
  "vendorw3.0-video-r2v-c2",
];
