import type { ModelDef } from "../types";
import { GROUP, undocumented } from "./groups";
import { aspectRatio, duration, frames, prompt, references, resolution } from "./params";

const RATIOS = ["1:1", "2:3", "3:2", "3:4", "4:3", "9:16", "16:9", "21:9"] as const;

export const videosModels: ModelDef[] = [
  {
    id: "videos_2.5_30_10_10_c6",
    name: "videos_2.5_30_10_10_c6",
    description: "720p · 5–30 s · frames or multimodal reference (30 images, 10 videos, 10 audio).",
    group: GROUP.videos,
    kind: "video",
    assetLibrary: false,
    documented: true,
    params: [
      prompt(),
      ...references(30, 10, 10),
      duration(5, 30, { default: 5 }),
      aspectRatio(RATIOS),
      resolution(["720p"], { default: "720p" }),
      ...frames(),
    ],
    rules: ["scenario-exclusivity", "last-image-needs-first", "audio-needs-reference"],
    notes: [
      "Pick one scenario: first frame, first + last frame, or multimodal reference; they cannot be mixed.",
      "Reference audio needs at least one reference image or video.",
    ],
    resultFields: ["error_message", "media_url"],
  },
  undocumented("videos_30_10_10_c3", GROUP.videos),
  {
    id: "videos_30_10_10_c4",
    name: "videos_30_10_10_c4",
    description: "720p · 5–30 s · multimodal reference (30 images, 10 videos, 10 audio).",
    group: GROUP.reference,
    kind: "video",
    unavailableReason: "brand_model_missing",
    assetLibrary: false,
    documented: true,
    params: [
      prompt(),
      ...references(30, 10, 10),
      duration(5, 30),
      aspectRatio(RATIOS),
      resolution(["720p"], { default: "720p" }),
      {
        name: "n",
        label: "Number of videos",
        type: "enum",
        values: ["1"],
        default: "1",
        acceptNumbers: true,
        required: false,
        help: "Output video count; fixed at 1.",
      },
    ],
    rules: ["audio-needs-reference"],
    notes: ["Reference audio needs at least one reference image or video."],
    resultFields: ["error_message", "media_url", "task_id"],
  },
  {
    id: "videos_900_720p-c1",
    name: "videos_900_720p-c1",
    description: "720p · 15 s · text or reference images to video.",
    group: GROUP.reference,
    kind: "video",
    assetLibrary: false,
    documented: true,
    params: [
      prompt({ maxLength: 1500 }),
      ...references(9),
      duration(15, 15, { default: 15, help: "Always 15 seconds." }),
      aspectRatio(["16:9", "9:16"], { default: "16:9" }),
      resolution(["720p"], { default: "720p", required: true }),
    ],
  },
];
