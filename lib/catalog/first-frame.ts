import { StudioError } from "../errors";
import { getModel, listModels } from "./lookup";
import type { ModelDef } from "./types";

/**
 * Continuity between shots (issue 22) per the spec: a model takes a first frame either as
 * `first_image` (an image list of at most one) or as `image_roles` with one `first_frame` item;
 * models with `return_last_frame` hand back `last_frame_url` when asked.
 */
export type FirstFrameField = "first_image" | "image_roles";

type Body = Record<string, unknown>;

/** The field a model takes its first frame in, or null when it takes none. */
export function firstFrameField(modelId: string): FirstFrameField | null {
  const model = getModel(modelId);
  if (!model || model.kind !== "video") return null;
  const names = new Set(model.params.map((p) => p.name));
  if (names.has("first_image")) return "first_image";
  if (names.has("image_roles")) return "image_roles";
  return null;
}

/** Models the "continue from here" picker offers: video models that take a first frame and can be run. */
export function firstFrameModels(): ModelDef[] {
  return listModels().filter((m) => !m.unavailableReason && firstFrameField(m.id) !== null);
}

/**
 * `body` with `url` as its first frame, in the model's own field: `first_image: [url]`, or
 * `image_roles` with its first_frame item replaced (a last_frame item is kept: first/last-frame).
 * The rest of the body is untouched; validation still applies to the result.
 */
export function withFirstFrame(modelId: string, body: Body, url: string): Body {
  const field = firstFrameField(modelId);
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
    `Model ${modelId} does not take a first frame (first_image or image_roles).`,
    {
      issues: [{ path: "model", message: "must be a video model that takes a first frame" }],
    },
  );
}

/** The first-frame URL a body carries (either field), or null. */
export function firstFrameOf(body: Body): string | null {
  if (Array.isArray(body.first_image) && typeof body.first_image[0] === "string") return body.first_image[0];
  if (Array.isArray(body.image_roles)) {
    const item = body.image_roles.find(
      (r): r is { url: string } =>
        typeof r === "object" &&
        r !== null &&
        "role" in r &&
        r.role === "first_frame" &&
        typeof (r as { url?: unknown }).url === "string",
    );
    if (item) return item.url;
  }
  return null;
}

/** True when the model can return its last frame (`return_last_frame` → `last_frame_url`). */
export function returnsLastFrame(modelId: string): boolean {
  return getModel(modelId)?.params.some((p) => p.name === "return_last_frame") ?? false;
}

/**
 * `body` asking for the last frame when the model can return one (a shot of a sequence: the next
 * shot may continue from it without the studio decoding the video). An explicit false is kept
 * unless `force`; other models' bodies are returned unchanged.
 */
export function withLastFrameRequested(modelId: string, body: Body, options: { force?: boolean } = {}): Body {
  if (!returnsLastFrame(modelId)) return body;
  if (body.return_last_frame === false && !options.force) return body;
  return { ...body, return_last_frame: true };
}
