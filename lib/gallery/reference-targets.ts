import { listModelGroups } from "../catalog";
import { referenceLimits } from "./reference-limits";
import type { ReferenceTarget } from "./types";

/**
 * Where a gallery item can be reused as input ("Use as reference"): every media field of an
 * invocable model that takes this kind of media (first/last frame, reference images or videos).
 * Unavailable models are left out: the studio could not submit them anyway. Each field carries
 * its limits, so the page can tell which of them the chosen file cannot meet.
 */
export function referenceTargets(kind: "image" | "video"): ReferenceTarget[] {
  const targets: ReferenceTarget[] = [];
  for (const group of listModelGroups()) {
    for (const model of group.models) {
      if (model.unavailableReason) continue;
      for (const param of model.params) {
        if (param.type !== "media" || param.media !== kind || param.maxItems < 1) continue;
        targets.push({
          modelId: model.id,
          modelName: model.name,
          group: group.label,
          field: param.name,
          fieldLabel: param.label,
          maxItems: param.maxItems,
          limits: referenceLimits(param),
        });
      }
    }
  }
  return targets;
}

/** Image or video, from the stored content type, else the task's kind. */
export function mediaKindOf(contentType: string | null, taskKind: string): "image" | "video" {
  if (contentType?.startsWith("image/")) return "image";
  if (contentType?.startsWith("video/")) return "video";
  return taskKind === "image" ? "image" : "video";
}
