import { StudioError } from "../errors";
import type { ModelDef } from "./types";

/**
 * Continuity between shots (issue 22) per the spec: a model takes a first frame either as
 * `first_image` (an image list of at most one) or as `image_roles` with one `first_frame` item.
 * Decided from a model's definition alone, so the studio form uses it without the catalog's code
 * (lib/catalog/first-frame.ts looks models up by id for the server).
 */
export type FirstFrameField = "first_image" | "image_roles";

type Body = Record<string, unknown>;

/** The field `model` takes its first frame in, or null when it takes none. */
export function firstFrameFieldOf(
  model: Pick<ModelDef, "kind" | "params"> | undefined,
): FirstFrameField | null {
  if (!model || model.kind !== "video") return null;
  const names = new Set(model.params.map((p) => p.name));
  if (names.has("first_image")) return "first_image";
  if (names.has("image_roles")) return "image_roles";
  return null;
}

/**
 * `body` with `url` as its first frame, in the model's own field: `first_image: [url]`, or
 * `image_roles` with its first_frame item replaced (a last_frame item is kept: first/last-frame).
 * The rest of the body is untouched; validation still applies to the result.
 */
export function withFirstFrameOf(
  model: Pick<ModelDef, "id" | "kind" | "params">,
  body: Body,
  url: string,
): Body {
  const field = firstFrameFieldOf(model);
  if (field === "first_image") return { ...body, first_image: [url] };
  if (field === "image_roles") {
    const roles = Array.isArray(body.image_roles) ? body.image_roles : [];
    const kept = roles.filter(
      (r) => !(typeof r === "object" && r !== null && "role" in r && r.role === "first_frame"),
    );
    return { ...body, image_roles: [{ url, role: "first_frame" }, ...kept] };
  }
  throw new StudioError(
    "invalid_request",
    `Model ${model.id} does not take a first frame (first_image or image_roles).`,
    {
      issues: [{ path: "model", message: "must be a video model that takes a first frame" }],
    },
  );
}
