import type { ModelDef } from "../types";
import { GROUP, undocumented } from "./groups";
import { aspectRatio, duration, frames, media, prompt, resolution } from "./params";

const H3_IMAGE_FORMATS = ["JPG/JPEG", "PNG", "WebP", "HEIC", "HEIF"] as const;

export const vendormModels: ModelDef[] = [
  undocumented("vendorm-H3_933_1080p", GROUP.vendorm),
  undocumented("vendorm-H3-2K-c1", GROUP.vendorm),
  undocumented("vendorm-H3-768p", GROUP.vendorm),
  {
    id: "vendorm-H3-768p-c2",
    name: "vendorm-H3-768p-c2",
    description: "768P · text, frames or multimodal reference to video, 1–15 s.",
    group: GROUP.vendorm,
    kind: "video",
    assetLibrary: false,
    documented: true,
    params: [
      prompt({ maxLength: 7000 }),
      media("reference_images", "image", 0, 9, { formats: H3_IMAGE_FORMATS, help: "Still images." }),
      media("reference_videos", "video", 0, 3, {
        formats: ["MP4", "MOV"],
        // "Total duration within 4 seconds": one video longer than that cannot fit.
        limits: { seconds: { max: 4 }, totalSeconds: { max: 4 } },
        help: "H.264/H.265, may include AAC/MP3 audio; total duration within 4 seconds.",
      }),
      media("reference_audios", "audio", 0, 3, {
        formats: ["WAV/PCM", "MP3", "M4A/AAC", "bare ADTS AAC"],
        limits: { totalSeconds: { min: 2, max: 15 } },
        help: "Total duration at least 2 and at most 15 seconds. Needs a reference image or video.",
      }),
      duration(1, 15),
      aspectRatio(["16:9", "9:16", "1:1", "4:3", "3:4", "21:9"], { default: "16:9" }),
      resolution(["768P"], { default: "768P" }),
      ...frames({
        first: "First frame for image-to-video.",
        last: "Last-frame constraint; needs a first frame.",
        formats: H3_IMAGE_FORMATS,
      }),
    ],
    rules: ["scenario-exclusivity", "last-image-needs-first", "audio-needs-reference"],
    notes: [
      "Pick one scenario: first frame, first + last frame, or multimodal reference; they cannot be mixed.",
      "Reference audio needs at least one reference image or video.",
    ],
  },
  {
    id: "vendorm-H3-768p-c1",
    name: "vendorm-H3-768p-c1",
    description: "768p · text-to-video, image-to-video or audio-synchronized video, 5–15 s.",
    group: GROUP.reference,
    kind: "video",
    assetLibrary: false,
    documented: true,
    params: [
      prompt(),
      // The parameter table marks reference_images R 1-9, but the page's mode rule describes a
      // text-to-video mode without images: images stay optional (docs/decisions/catalog.md).
      media("reference_images", "image", 0, 9, {
        help: "1–9 images switch to image-to-video; leave empty for text-to-video.",
      }),
      media("reference_audios", "audio", 0, 1, {
        help: "Audio switches to audio-synchronized video; needs at least one reference image.",
      }),
      duration(5, 15, { default: 5, required: true }),
      aspectRatio(["16:9", "9:16"], { default: "16:9" }),
      resolution(["768p"], { default: "768p" }),
    ],
    rules: ["audio-needs-reference"],
    modeRule: true,
    notes: [
      "Mode: no images and no audio = text-to-video; images = image-to-video; audio = audio-synchronized video.",
      "Reference audio needs at least one reference image.",
    ],
  },
];
