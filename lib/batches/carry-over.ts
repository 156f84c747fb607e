import { REFERENCE_IMAGE_ALIASES, type ModelDef } from "../catalog";

/** Top-level request keys a model declares: its params (a dotted one by its head) and the alias names. */
export function modelFieldNames(model: ModelDef): Set<string> {
  const names = new Set(model.params.map((p) => p.name.split(".")[0]));
  if (names.has("reference_images")) for (const alias of REFERENCE_IMAGE_ALIASES) names.add(alias);
  return names;
}

/**
 * The shared fields of a batch that one model takes: a field carries over when the model has a
 * field of that name, so `seed` reaches the models with a seed and no other. An undocumented model
 * (prompt plus advanced JSON) takes the prompt and the advanced object only; the rest is listed as
 * dropped, for the form to show and for per-model overrides to supply.
 */
export function carryOver(
  model: ModelDef,
  shared: Record<string, unknown>,
): { carried: Record<string, unknown>; dropped: string[] } {
  const names = modelFieldNames(model);
  const carried: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(shared)) {
    if (value === undefined) continue;
    if (names.has(key)) carried[key] = value;
    else dropped.push(key);
  }
  return { carried, dropped };
}

/** Overrides over carried fields; `null` in an override removes a shared field for that model. */
export function applyOverrides(
  carried: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const body = { ...carried };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === null) delete body[key];
    else if (value !== undefined) body[key] = value;
  }
  return body;
}
