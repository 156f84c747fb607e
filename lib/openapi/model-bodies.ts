import { z } from "zod";
import { listModels } from "../catalog";
import type { ModelDef, ParamDef } from "../catalog/types";
import { V1_FAMILIES } from "../catalog/v1/families";

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

function bodyShape(params: readonly ParamDef[]): Shape {
  const shape: Shape = {};
  const nested: Record<string, Shape> = {};
  for (const param of params) place(shape, nested, param);
  for (const [key, inner] of Object.entries(nested)) shape[key] = z.object(inner).optional();
  return shape;
}

export function modelBodySchema(model: ModelDef) {
  const base = z.object({ model: z.literal(model.id), ...bodyShape(model.params) });
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

/**
 * The JSON body of POST /api/v1/{family}/videos: the operator's mapped v1 models (V1_FAMILIES_FILE)
 * discriminated by `model`, as the task body; with no mapping, each family variant's rules (the
 * table lib/catalog/v1 validates with), `model` being an id the operator maps to that family.
 */
export function v1VideoBodySchema() {
  const mapped = listModels().filter((model) => model.v1);
  if (mapped.length) {
    const bodies = mapped.map(modelBodySchema);
    return z.discriminatedUnion("model", bodies as unknown as [(typeof bodies)[0], ...typeof bodies]).meta({
      id: "V1VideoBody",
      description: "A video for one mapped v1 model; `model` selects the rules.",
    });
  }
  const variants = Object.values(V1_FAMILIES).flatMap((family) =>
    Object.entries(family.variants).map(([name, variant]) =>
      z
        .object({
          model: z
            .string()
            .min(1)
            .meta({ description: `A model id mapped to family ${family.key} (${name}).` }),
          ...bodyShape(variant.params()),
        })
        .meta({
          id: `V1VideoBody_${family.key}_${name.replace(/[^A-Za-z0-9_.-]/g, "_")}`,
          title: `${family.title} · ${variant.summary}`,
        }),
    ),
  );
  // anyOf, not oneOf: variants with the same rules (family B's pro and turbo) both match a body.
  return z.union(variants as unknown as [(typeof variants)[0], ...typeof variants]).meta({
    id: "V1VideoBody",
    description:
      "A video for a v1 model the operator mapped (V1_FAMILIES_FILE) to one of the families below; its family's rules apply.",
  });
}

/**
 * The body of POST /api/tasks/estimate: a task body as for submit (TaskBody or V1VideoBody). Only
 * `model` must be valid (lib/spend/estimate-request.ts): a body that does not validate yet, such
 * as an empty prompt, is estimated from its fields as they are.
 */
export function estimateBodySchema() {
  const ids = listModels().map((model) => model.id);
  return z
    .looseObject({
      model: z.enum(ids as [string, ...string[]]).meta({ description: "A Model ID of the catalog." }),
    })
    .meta({
      id: "EstimateBody",
      description:
        "A task body (see TaskBody); only `model` is checked, the other fields are estimated as they are.",
    });
}
