import type { ModelDef, ModelGroup } from "@/lib/catalog";
import { firstFrameFieldOf, withFirstFrameOf } from "@/lib/catalog/first-frame-fields";
import { getPath, setPath, type FormValues } from "./form-values";

/**
 * "Continue from here" (issue 22): the studio opened with `?firstFrame=<url>` lists only models
 * that take a first frame, and opens their form with that frame in its field.
 */
export function firstFrameGroups(groups: readonly ModelGroup[]): ModelGroup[] {
  return groups
    .map((group) => ({
      ...group,
      models: group.models.filter((m) => !m.unavailableReason && firstFrameFieldOf(m) !== null),
    }))
    .filter((group) => group.models.length > 0);
}

/** `values` with `url` as the model's first frame (first_image, or image_roles edited as JSON). */
export function applyFirstFrame(model: ModelDef, values: FormValues, url: string): FormValues {
  const field = firstFrameFieldOf(model);
  if (field === "first_image") setPath(values, "first_image", [url]);
  if (field === "image_roles") {
    const current = getPath(values, "image_roles");
    let roles: unknown = [];
    try {
      roles = typeof current === "string" && current.trim() ? JSON.parse(current) : [];
    } catch {
      roles = []; // the draft's JSON was unfinished: the frame replaces it
    }
    const body = withFirstFrameOf(model, { image_roles: Array.isArray(roles) ? roles : [] }, url);
    setPath(values, "image_roles", JSON.stringify(body.image_roles, null, 2));
  }
  return values;
}
