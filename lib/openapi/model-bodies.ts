import { z } from "zod";
import { listModels } from "../catalog";
import type { ModelDef, ParamDef } from "../catalog/types";

/**
 * The task body of POST /api/v2/model-center/tasks as OpenAPI sees it: one object per model of the
 * catalog (the same declarative definitions lib/catalog/schema.ts validates with), joined into a
 * union discriminated by `model`. The catalog's own zod schema is a transform over `unknown` (every
 * message is ours, normalize.ts), which has no shape to publish; this builds the shape from the
 * same ParamDefs, so ranges, enums and media limits cannot disagree with the validation.
 */
function paramSchema(param: ParamDef): z.ZodType {
  const described = (schema: z.ZodType, extra: Record<string, unknown> = {}) =>
    schema.meta({ description: [param.label, param.help].filter(Boolean).join(": "), ...extra });
  switch (param.type) {
    case "string": {
      let s = z.string();
      if (param.minLength !== undefined) s = s.min(param.minLength);
      if (param.maxLength !== undefined) s = s.max(param.maxLength);
      if (param.pattern) s = s.regex(new RegExp(param.pattern.source));
      return described(param.default !== undefined ? s.default(param.default) : s);
    }
    case "enum": {
      const e = z.enum(param.values as [string, ...string[]]);
      return described(param.default !== undefined ? e.default(param.default) : e);
    }
    case "integer": {
      if (param.oneOf) {
        const literals = param.oneOf.map((n) => z.literal(n));
        const u = literals.length === 1 ? literals[0] : z.union(literals);
        return described(param.default !== undefined ? u.default(param.default as never) : u);
      }
      let n = z.number().int();
      if (param.min !== undefined) n = n.min(param.min);
      if (param.max !== undefined) n = n.max(param.max);
      return described(param.default !== undefined ? n.default(param.default) : n);
    }
    case "boolean":
      return described(param.default !== undefined ? z.boolean().default(param.default) : z.boolean());
    case "media":
      // Each item: a public http(s) URL (or assetId://… on asset-library models); per-file limits as an extension.
      return described(z.array(z.string().min(1)).min(param.minItems).max(param.maxItems), {
        "x-media-kind": param.media,
        ...(param.formats ? { "x-formats": [...param.formats] } : {}),
        ...(param.limits ? { "x-media-limits": param.limits } : {}),
      });
    case "json":
      return described(
        param.shape === "array"
          ? z.array(z.unknown())
          : param.shape === "object"
            ? z.record(z.string(), z.unknown())
            : z.unknown(),
      );
  }
}

type Shape = Record<string, z.ZodType>;

/** Dotted names ("video_edit.basic") are nested objects in the request. */
function place(shape: Shape, nested: Record<string, Shape>, param: ParamDef) {
  const [head, ...rest] = param.name.split(".");
  const hasDefault = "default" in param && param.default !== undefined;
  const field = param.required && !hasDefault ? paramSchema(param) : paramSchema(param).optional();
  if (!rest.length) shape[head] = field;
  else (nested[head] ??= {})[rest.join(".")] = field;
}

export function modelBodySchema(model: ModelDef) {
  const shape: Shape = {};
  const nested: Record<string, Shape> = {};
  for (const param of model.params) place(shape, nested, param);
  for (const [key, inner] of Object.entries(nested)) shape[key] = z.object(inner).optional();
  const base = z.object({ model: z.literal(model.id), ...shape });
  // Models without a parameter page pass extra fields through (the "advanced" JSON).
  const body = model.documented ? base : base.catchall(z.unknown());
  return body.meta({
    id: `TaskBody_${model.id.replace(/[^A-Za-z0-9_.-]/g, "_")}`,
    title: model.name,
    description: [model.description, ...(model.notes ?? [])].filter(Boolean).join("\n\n") || undefined,
    ...(model.unavailableReason ? { "x-unavailable": model.unavailableReason } : {}),
    ...(model.rules?.length ? { "x-rules": [...model.rules] } : {}),
    "x-kind": model.kind,
  });
}

/** Task-API models only: the v1 family models are created through /api/v1/{family}/videos. */
export function taskBodySchema() {
  const bodies = listModels()
    .filter((model) => !model.v1)
    .map(modelBodySchema);
  return z.discriminatedUnion("model", bodies as unknown as [(typeof bodies)[0], ...typeof bodies]).meta({
    id: "TaskBody",
    description: "A task for one model of the catalog; `model` selects which fields apply.",
  });
}
