import { REFERENCE_IMAGE_ALIASES, type FormValues, type ModelDef, type ParamDef } from "@/lib/catalog";

export type { FormValues };

/**
 * The form keeps what the user sees (the catalog's form values: text for inputs and JSON editors,
 * string arrays for media lists, blank rows included); the catalog's formSchema turns them into the
 * request body. These helpers only move values between the form, drafts and stored requests.
 */

/** Reads a dotted param name ("video_edit.basic") from nested values, as react-hook-form stores it. */
export function getPath(values: FormValues, name: string): unknown {
  return name.split(".").reduce<unknown>((node, key) => {
    return node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  }, values);
}

export function setPath(values: FormValues, name: string, value: unknown): void {
  const keys = name.split(".");
  let node = values;
  for (const key of keys.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== "object") node[key] = {};
    node = node[key] as FormValues;
  }
  node[keys[keys.length - 1]] = value;
}

/** A draft's value only replaces the default when it has the shape the control expects. */
function fits(param: ParamDef, value: unknown): boolean {
  if (param.type === "media") return Array.isArray(value) && value.every((item) => typeof item === "string");
  if (param.type === "boolean") return typeof value === "boolean";
  return typeof value === "string" || typeof value === "number";
}

/** A saved draft over the model's defaults, param by param (stale or foreign keys are ignored). */
export function mergeDraft(model: ModelDef, defaults: FormValues, draft: FormValues): FormValues {
  const values = structuredClone(defaults);
  for (const param of model.params) {
    const value = getPath(draft, param.name);
    if (fits(param, value)) setPath(values, param.name, param.type === "integer" ? String(value) : value);
  }
  return values;
}

/**
 * Top-level keys of a stored request that no control of the model shows (documented models only:
 * an undocumented model takes everything into its advanced JSON).
 */
export function droppedKeys(model: ModelDef, request: Record<string, unknown>): string[] {
  if (!model.documented) return [];
  const shown = new Set<string>(["model", ...model.params.map((p) => p.name.split(".")[0])]);
  if (shown.has("reference_images")) REFERENCE_IMAGE_ALIASES.forEach((alias) => shown.add(alias));
  return Object.keys(request).filter((key) => !shown.has(key) && request[key] !== undefined);
}

/** Server issue path "reference_images[2]" / "image_roles[0].role" -> react-hook-form name. */
export function issuePathToField(path: string): string {
  return path.replace(/\[(\d+)\]/g, ".$1");
}

/** The param a react-hook-form field name belongs to, if any ("reference_images.2" -> reference_images). */
export function paramForField(model: ModelDef, field: string): ParamDef | undefined {
  return model.params.find((p) => field === p.name || field.startsWith(`${p.name}.`));
}
