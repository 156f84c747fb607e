import type { CatalogNotice, ModelDef } from "./types";

const filled = (values: Record<string, unknown>, field: string) =>
  Array.isArray(values[field]) && values[field].some((v) => (typeof v === "string" ? v.trim() : v));

export type Scenario = "text" | "first-frame" | "first-last-frame" | "multimodal-reference" | "mixed";

/** Which of the spec's scenarios a request (or form state) is in; "mixed" is the rejected one. */
export function detectScenario(values: Record<string, unknown>): Scenario {
  const first = filled(values, "first_image");
  const last = filled(values, "last_image");
  const roles = Array.isArray(values.image_roles) ? values.image_roles : [];
  const hasRole = (role: string) =>
    roles.some((r) => typeof r === "object" && r !== null && "role" in r && r.role === role);
  const frames = first || last || roles.length > 0;
  const reference = ["reference_images", "reference_videos", "reference_audios"].some((f) =>
    filled(values, f),
  );
  if (frames && reference) return "mixed";
  if (reference) return "multimodal-reference";
  if (last || hasRole("last_frame")) return "first-last-frame";
  if (frames) return "first-frame";
  return "text";
}

export type GenerationMode = "text-to-video" | "image-to-video" | "audio-synchronized";

export const MODE_LABEL: Record<GenerationMode, string> = {
  "text-to-video": "Text to video",
  "image-to-video": "Image to video",
  "audio-synchronized": "Audio-synchronized video",
};

/**
 * vendorm-H3-768p-c1's mode rule: no images and no audio = text-to-video, images = image-to-video,
 * audio = audio-synchronized video. Undefined for models without that rule.
 */
export function detectMode(model: ModelDef, values: Record<string, unknown>): GenerationMode | undefined {
  if (!model.modeRule) return undefined;
  if (filled(values, "reference_audios")) return "audio-synchronized";
  if (filled(values, "reference_images")) return "image-to-video";
  return "text-to-video";
}

/**
 * The spec contradicts itself on vendorm-H3-768p-c1: its parameter table marks reference_images
 * required (1–9) while its mode rule describes text-to-video without images. The catalog lets the
 * mode rule win (docs/decisions/catalog.md), so a text-only request is allowed but flagged: the
 * upstream may still follow the table and reject it.
 */
export function modeNotices(model: ModelDef, values: Record<string, unknown>): CatalogNotice[] {
  if (detectMode(model, values) !== "text-to-video") return [];
  const images = model.params.find((param) => param.name === "reference_images");
  if (!images || images.type !== "media") return [];
  return [
    {
      path: ["reference_images"],
      message: `text-to-video (no images): the spec's parameter table also marks reference images as required (1–${images.maxItems}), so the upstream may reject a request without them`,
    },
  ];
}
