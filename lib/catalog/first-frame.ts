import { firstFrameFieldOf, withFirstFrameOf, type FirstFrameField } from "./first-frame-fields";
import { getModel, listModels } from "./lookup";
import type { ModelDef } from "./types";

export type { FirstFrameField } from "./first-frame-fields";

type Body = Record<string, unknown>;

/** The field a model takes its first frame in, or null when it takes none. */
export function firstFrameField(modelId: string): FirstFrameField | null {
  return firstFrameFieldOf(getModel(modelId));
}

/** Models the "continue from here" picker offers: video models that take a first frame and can be run. */
export function firstFrameModels(): ModelDef[] {
  return listModels().filter((m) => !m.unavailableReason && firstFrameField(m.id) !== null);
}

/** `body` with `url` as the model's first frame (lib/catalog/first-frame-fields.ts); 400 when it takes none. */
export function withFirstFrame(modelId: string, body: Body, url: string): Body {
  const model = getModel(modelId);
  if (!model) return withFirstFrameOf({ id: modelId, kind: "image", params: [] }, body, url);
  return withFirstFrameOf(model, body, url);
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
