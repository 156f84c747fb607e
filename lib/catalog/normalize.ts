import { applyAliases, CANONICAL, REFERENCE_IMAGE_ALIASES } from "./aliases";
import { gotParam, isPlainObject, sameJson, shortValue } from "./describe-value";
import { parseField } from "./fields";
import { checkMediaItem, problemOf } from "./media-items";
import { applyRules } from "./rules";
import type { CatalogIssue, ModelDef } from "./types";

export type NormalizeResult =
  { ok: true; value: Record<string, unknown> } | { ok: false; issues: CatalogIssue[] };

/** Media fields of the spec: checked even inside undocumented models' pass-through. */
const KNOWN_MEDIA_FIELDS = [
  "reference_images",
  "reference_videos",
  "reference_audios",
  "first_image",
  "last_image",
];

function acceptedFields(model: ModelDef): string {
  return model.params.map((p) => p.name).join(", ");
}

/** `video_edit: { basic }` and the literal key "video_edit.basic" both name the dotted param. */
function liftDotted(model: ModelDef, body: Record<string, unknown>, issues: CatalogIssue[]) {
  for (const param of model.params) {
    const [head, tail] = param.name.split(".", 2);
    if (!tail || !isPlainObject(body[head])) continue;
    const nested = { ...(body[head] as Record<string, unknown>) };
    if (tail in nested) {
      if (param.name in body && !sameJson(body[param.name], nested[tail]))
        issues.push({
          path: [param.name],
          message: `is given twice (as ${head}.${tail} and nested) with different values`,
          code: "given_twice",
          params: { name: param.name },
        });
      else body[param.name] = nested[tail];
      delete nested[tail];
    }
    if (Object.keys(nested).length) body[head] = nested;
    else delete body[head];
  }
}

function nestDotted(out: Record<string, unknown>) {
  for (const key of Object.keys(out)) {
    const [head, tail] = key.split(".", 2);
    if (!tail) continue;
    const nested = isPlainObject(out[head]) ? (out[head] as Record<string, unknown>) : {};
    out[head] = { ...nested, [tail]: out[key] };
    delete out[key];
  }
}

function unknownKeyIssue(model: ModelDef, key: string): CatalogIssue {
  const alias = (REFERENCE_IMAGE_ALIASES as readonly string[]).includes(key);
  return {
    path: [key],
    message:
      `${alias ? `(an alias of ${CANONICAL}) ` : ""}is not a parameter of ${model.id}; ` +
      `accepted fields: ${acceptedFields(model)}`,
    code: "unknown_field",
    params: { model: model.id, accepted: model.params.map((p) => p.name) },
  };
}

/** Undocumented ids: prompt + `advanced` merged into the body, other top-level keys passed through. */
function mergePassThrough(
  model: ModelDef,
  body: Record<string, unknown>,
  out: Record<string, unknown>,
  issues: CatalogIssue[],
) {
  const advanced = isPlainObject(out.advanced) ? { ...out.advanced } : {};
  delete out.advanced;
  for (const [key, value] of Object.entries(body)) {
    if (key === "prompt" || key === "advanced" || value === undefined) continue;
    out[key] = value;
  }
  issues.push(...applyAliases(advanced).map((i) => ({ ...i, path: ["advanced", ...i.path] })));
  for (const [key, value] of Object.entries(advanced)) {
    if (key === "model") {
      issues.push({
        path: ["advanced", key],
        message: "cannot change the model; pick it in the model field",
        code: "advanced_model",
      });
    } else if (key in out && !sameJson(out[key], value)) {
      issues.push({
        path: ["advanced", key],
        message: `conflicts with the ${key} field given outside advanced`,
        code: "advanced_conflict",
        params: { name: key },
      });
    } else out[key] = value;
  }
  for (const field of KNOWN_MEDIA_FIELDS) {
    const value = out[field];
    if (value === undefined) continue;
    const where = field in advanced ? ["advanced", field] : [field];
    if (!Array.isArray(value)) {
      issues.push({
        path: where,
        message: `must be a list of URLs (got ${shortValue(value)})`,
        code: "not_list",
        params: { media: "url", got: gotParam(value) },
      });
      continue;
    }
    value.forEach((item, i) => {
      const check = checkMediaItem(item, { assetLibrary: model.assetLibrary });
      if (check.ok) (value as unknown[])[i] = check.value;
      else issues.push({ path: [...where, i], ...problemOf(check) });
    });
  }
}

/**
 * Validates a request body (without `model`) against one model and returns what is sent upstream:
 * canonical field names, values in canonical form, and defaults the caller left out still left out
 * unless the spec marks the field required (then its default is filled in).
 */
export function normalizeRequest(model: ModelDef, input: unknown): NormalizeResult {
  if (!isPlainObject(input))
    return {
      ok: false,
      issues: [
        {
          path: [],
          message: `the request body must be a JSON object (got ${shortValue(input)})`,
          code: "body_not_object",
          params: { got: gotParam(input) },
        },
      ],
    };
  const body: Record<string, unknown> = { ...input };
  delete body.model;
  const issues: CatalogIssue[] = [];
  const known = new Set(model.params.map((p) => p.name));
  if (model.documented && !known.has(CANONICAL)) {
    // The alias names are reported as unknown fields below, under the name the caller used.
  } else issues.push(...applyAliases(body));
  liftDotted(model, body, issues);

  if (model.documented)
    for (const key of Object.keys(body))
      if (!known.has(key) && body[key] !== undefined) issues.push(unknownKeyIssue(model, key));

  const out: Record<string, unknown> = {};
  for (const param of model.params) {
    const value = body[param.name];
    // JSON null means "not given", like an omitted key.
    if (value === undefined || value === null) {
      if (!param.required) continue;
      if ("default" in param && param.default !== undefined) out[param.name] = param.default;
      else issues.push({ path: [param.name], message: "is required", code: "required" });
      continue;
    }
    const result = parseField(param, value, model.assetLibrary);
    if (result.ok) out[param.name] = result.value;
    else issues.push(...result.issues);
  }
  // Rules see a field that failed its own check as present, so they don't add a misleading
  // second error (e.g. "audio needs a reference image" when that image merely has a bad URL).
  const failed = Object.fromEntries(Object.entries(body).filter(([k]) => known.has(k) && !(k in out)));
  issues.push(...applyRules(model, { ...failed, ...out }));
  if (!model.documented) mergePassThrough(model, body, out, issues);
  nestDotted(out);
  return issues.length ? { ok: false, issues } : { ok: true, value: out };
}
