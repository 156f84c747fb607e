import type { ModelDef } from "../types";
import { GROUP, undocumented } from "./groups";
import { aspectRatio, duration, media, prompt, resolution, seed, text, watermark } from "./params";
import { TRUNCATING_PROMPT, truncatingPrompt } from "./vendorw";

export const hhModels: ModelDef[] = [
  {
    id: "hh-1.1-i2v-o",
    name: "hh-1.1-i2v-o",
    description: "Image to video from one first frame, 3–15 s.",
    group: GROUP.reference,
    kind: "video",
    unavailableReason: "brand_model_disabled",
    assetLibrary: false,
    documented: true,
    params: [
      truncatingPrompt(),
      duration(3, 15, { default: 5 }),
      resolution(["720P", "1080P"], { default: "1080P", required: true }),
      seed(),
      media("first_image", "image", 1, 1, {
        required: true,
        formats: ["JPEG", "JPG", "PNG", "WEBP"],
        limits: {
          sidePx: { min: 300, exclusive: false },
          aspect: { min: 1 / 2.5, max: 2.5, exclusive: false },
          bytes: { max: 20 * 1024 * 1024, exclusive: false },
        },
        help: "Exactly one image: width and height each at least 300 px, aspect ratio between 1:2.5 and 2.5:1, at most 20 MB.",
      }),
      watermark(),
    ],
    promptTruncation: TRUNCATING_PROMPT,
  },
];

export const vendorsModels: ModelDef[] = [
  undocumented("vendors_5.0Pro", GROUP.imageA, "image"),
  {
    id: "vendors-5.0",
    name: "vendors-5.0",
    description: "Image generation up to 4K with up to 10 reference images.",
    group: GROUP.imageA,
    kind: "image",
    unavailableReason: "brand_model_disabled",
    assetLibrary: false,
    documented: true,
    params: [
      prompt(),
      media("reference_images", "image", 0, 10),
      aspectRatio(["1:1", "3:4", "4:3", "16:9", "9:16", "3:2", "2:3", "21:9"], { default: "1:1" }),
      resolution(["2K", "3K", "4K"], { default: "2K" }),
      text("size", "Size", "Output size or pixel format (format undocumented; sent as typed)."),
      watermark(),
    ],
    resultFields: ["image_url"],
  },
];
