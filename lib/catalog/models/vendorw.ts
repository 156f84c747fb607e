import type { ModelDef } from "../types";
import { GROUP, undocumented } from "./groups";
import { aspectRatio, duration, media, prompt, resolution, seed, text, watermark } from "./params";

/** vendorw2.7 and hh-1.1: longer prompts are cut upstream, so the studio warns instead of failing. */
export const TRUNCATING_PROMPT = { maxNonChinese: 5000, maxChinese: 2500 } as const;

export const truncatingPrompt = () =>
  prompt({
    help: "Any language. At most 5000 non-Chinese or 2500 Chinese characters; the excess is cut off by the provider.",
  });

export const vendorwModels: ModelDef[] = [
  undocumented("vendorw3.0-prime-r2v-c1", GROUP.vendorw),
  undocumented("vendorw3.0-video-r2v-c2", GROUP.vendorw),
  {
    id: "vendorw2.7-videoedit",
    name: "vendorw2.7-videoedit",
    description: "Edit a video with a prompt and up to 4 reference images.",
    group: GROUP.reference,
    kind: "video",
    unavailableReason: "brand_model_disabled",
    assetLibrary: false,
    documented: true,
    params: [
      truncatingPrompt(),
      media("reference_images", "image", 0, 4),
      media("reference_videos", "video", 1, 1, {
        required: true,
        label: "Video to edit",
        limits: { seconds: { min: 3 } },
        help: "Exactly one video, at least 3 seconds long.",
      }),
      aspectRatio(["16:9", "9:16", "1:1", "3:4", "4:3"], { default: "16:9" }),
      resolution(["720P", "1080P"], { default: "1080P" }),
      seed(),
      text("audio_setting", "Audio setting", "Audio policy for generation or editing (values undocumented)."),
      text("requires_reference_video", "requires_reference_video", "Listed without description."),
      text("video_edit.basic", "video_edit.basic", "Listed without description; sent as video_edit.basic."),
      watermark(),
    ],
    promptTruncation: TRUNCATING_PROMPT,
  },
  {
    id: "vendorw2.7-r2v",
    name: "vendorw2.7-r2v",
    description: "Reference images (1–3) to video, 4–15 s.",
    group: GROUP.reference,
    kind: "video",
    unavailableReason: "brand_model_disabled",
    assetLibrary: false,
    documented: true,
    params: [
      truncatingPrompt(),
      media("reference_images", "image", 1, 3, { required: true }),
      duration(4, 15, { default: 5, required: true }),
      aspectRatio(["16:9", "9:16", "1:1", "4:3", "3:4"], { default: "16:9" }),
      resolution(["720P", "1080P"], { default: "1080P" }),
      seed(),
      watermark(),
    ],
    promptTruncation: TRUNCATING_PROMPT,
  },
];
