import type { ModelDef } from "../types";
import { GROUP, undocumented } from "./groups";
import { aspectRatio, duration, flag, generateAudio, prompt, references, resolution } from "./params";

export const seedFamilyModels: ModelDef[] = [
  undocumented("sd_2.5_discount_v1", GROUP.discount25),
  undocumented("sd_2.5_special_v1", GROUP.special25),
  undocumented("sd_2.0_fast_special", GROUP.special20),
  undocumented("sd_2.0_mini_special", GROUP.special20),
  undocumented("sd_2.0_special", GROUP.special20),
  undocumented("sd_2.0_discount", GROUP.discount20),
  undocumented("sd_2.0_fast_discount", GROUP.discount20),
  {
    id: "sd_2.5_ORelay",
    name: "sd_2.5_ORelay",
    description: "Up to 30 s · frame roles or multimodal reference (30 images, 10 videos, 10 audio).",
    group: GROUP.reference,
    kind: "video",
    assetLibrary: false,
    documented: true,
    params: [
      prompt(),
      ...references(30, 10, 10),
      duration(4, 30, { default: 4 }),
      aspectRatio(["16:9", "9:16", "1:1", "4:3", "3:4", "21:9"]),
      resolution(["480p", "720p", "1080p"]),
      generateAudio(),
      {
        name: "image_roles",
        label: "Frame images (image_roles)",
        type: "json",
        shape: "array",
        required: false,
        example: [
          { url: "https://example.com/first.png", role: "first_frame" },
          { url: "https://example.com/last.png", role: "last_frame" },
        ],
        help:
          "Items { url, role } with role first_frame or last_frame: one first_frame, optionally one " +
          "last_frame. Cannot be combined with reference images, videos or audio.",
      },
      flag(
        "return_last_frame",
        "Return last frame",
        false,
        "Return the generated last frame as last_frame_url.",
      ),
    ],
    rules: ["image-roles", "audio-needs-reference"],
    notes: [
      "Pick one scenario: first frame / first + last frame (image_roles) or multimodal reference; they cannot be mixed.",
      "Reference audio needs at least one reference image or video.",
    ],
    resultFields: ["error_message", "last_frame_url", "upstream_url", "upstream_urls"],
  },
];
