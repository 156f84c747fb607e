import { isPlainObject } from "./describe-value";
import { normalizeRequest, type NormalizeResult } from "./normalize";
import type { CatalogIssue, ModelDef } from "./types";

/** Values of the generated form, keyed like the request (a dotted name is nested, as in react-hook-form). */
export type FormValues = Record<string, unknown>;

function setPath(target: Record<string, unknown>, name: string, value: unknown) {
  const [head, tail] = name.split(".", 2);
  if (!tail) target[name] = value;
  else target[head] = { ...(isPlainObject(target[head]) ? target[head] : {}), [tail]: value };
}

function getPath(source: Record<string, unknown>, name: string): unknown {
  if (name in source) return source[name];
  const [head, tail] = name.split(".", 2);
  return tail && isPlainObject(source[head]) ? source[head][tail] : undefined;
}

/**
 * Initial form values: required fields with a default and switches are prefilled with the default;
 * everything else starts empty ("" for inputs and JSON editors, [] for media lists), so a field the
 * user never touches stays out of the request.
 */
export function defaultFormValues(model: ModelDef): FormValues {
  const values: FormValues = {};
  for (const param of model.params) {
    let value: unknown = "";
    if (param.type === "media") value = [];
    else if (param.type === "boolean") value = param.default ?? false;
    else if (param.required && "default" in param && param.default !== undefined) value = param.default;
    setPath(values, param.name, value);
  }
  return values;
}

const isBlank = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === "string" && !v.trim()) ||
  (typeof v === "number" && Number.isNaN(v));

/** A media row may be a string or a `{ url }` / `{ value }` object (useFieldArray needs objects). */
function rowText(row: unknown): unknown {
  if (isPlainObject(row)) return row.url ?? row.value;
  return row;
}

export type CleanedForm = {
  values: Record<string, unknown>;
  /** Maps an index of a compacted media list back to the row the user sees. */
  rowIndex: Record<string, number[]>;
};

/**
 * Turns the form's empty values into "absent": blank inputs, empty selects, blank media rows,
 * empty JSON editors; parses JSON editor text; drops a switch left at its default (a switch cannot
 * say "not set"). Keys that are not this model's params (stale values of a previously selected
 * model) are dropped.
 */
export function cleanFormValues(model: ModelDef, raw: unknown): CleanedForm {
  const source = isPlainObject(raw) ? raw : {};
  const values: Record<string, unknown> = {};
  const rowIndex: Record<string, number[]> = {};
  for (const param of model.params) {
    const value = getPath(source, param.name);
    if (isBlank(value)) continue;
    if (param.type === "media") {
      if (!Array.isArray(value)) {
        values[param.name] = value;
        continue;
      }
      const rows = value.map(rowText);
      const kept = rows.flatMap((row, i) => (isBlank(row) ? [] : [i]));
      if (!kept.length) continue;
      rowIndex[param.name] = kept;
      values[param.name] = kept.map((i) => rows[i]);
    } else if (param.type === "boolean") {
      if (!param.required && value === param.default) continue;
      values[param.name] = value;
    } else if (param.type === "json" && typeof value === "string") {
      try {
        values[param.name] = JSON.parse(value);
      } catch {
        values[param.name] = value; // reported by the field check as "not valid JSON"
      }
    } else values[param.name] = value;
  }
  return { values, rowIndex };
}

function remapIssue(issue: CatalogIssue, rowIndex: Record<string, number[]>): CatalogIssue {
  const [field, index, ...rest] = issue.path;
  const map = typeof field === "string" ? rowIndex[field] : undefined;
  if (!map || typeof index !== "number") return issue;
  return { ...issue, path: [field, map[index] ?? index, ...rest] };
}

/**
 * The form's values checked as the server checks a request body: empty values become "absent"
 * first, and issues on media rows point at the row the user sees (blank rows are skipped, not
 * counted). Plain functions, so the browser runs the server's checks without zod.
 */
export function checkFormValues(model: ModelDef, input: unknown): NormalizeResult {
  const { values, rowIndex } = cleanFormValues(model, input);
  const result = normalizeRequest(model, values);
  return result.ok
    ? result
    : { ok: false, issues: result.issues.map((issue) => remapIssue(issue, rowIndex)) };
}

/**
 * Form values for a stored request body (remix): known params as form fields; on undocumented
 * models everything but the prompt goes into the advanced JSON editor.
 */
export function formValuesFromRequest(model: ModelDef, body: Record<string, unknown>): FormValues {
  const values = defaultFormValues(model);
  if (!model.documented) {
    const { prompt, model: _model, ...rest } = body;
    void _model;
    values.prompt = typeof prompt === "string" ? prompt : "";
    values.advanced = Object.keys(rest).length ? JSON.stringify(rest, null, 2) : "";
    return values;
  }
  for (const param of model.params) {
    const value =
      getPath(body, param.name) ?? (param.name === "reference_images" ? aliasValue(body) : undefined);
    if (value === undefined || value === null) continue;
    if (param.type === "json") setPath(values, param.name, JSON.stringify(value, null, 2));
    else if (param.type === "integer") setPath(values, param.name, String(value));
    else setPath(values, param.name, value);
  }
  return values;
}

function aliasValue(body: Record<string, unknown>) {
  return body.image_urls ?? body.referenceImages ?? body.images;
}
