import { got, gotParam, isPlainObject, plural, shortValue } from "./describe-value";
import type { IssueCode, IssueParams } from "./issues";
import { checkMediaItem, problemOf } from "./media-items";
import type { CatalogIssue, ParamDef } from "./types";

export type FieldResult = { ok: true; value: unknown } | { ok: false; issues: CatalogIssue[] };

const fail = (
  path: (string | number)[],
  message: string,
  code: IssueCode,
  params: IssueParams = {},
): FieldResult => ({ ok: false, issues: [{ path, message, code, params }] });

/** Characters as people count them (code points), not UTF-16 units. */
const charCount = (text: string) => Array.from(text).length;

/** "between 4 and 15", "at least -1", "15" — the bound text shared by messages and help lines. */
export function boundsText(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return min === max ? `${min}` : `between ${min} and ${max}`;
  if (min !== undefined) return `at least ${min}`;
  if (max !== undefined) return `at most ${max}`;
  return "";
}

export function countText(min: number, max: number): string {
  if (min === max) return `exactly ${plural(min, "item")}`;
  return min > 0 ? `${min}–${max} items` : `at most ${plural(max, "item")}`;
}

/** The code and params of an integer's bounds: "range" 4–15, "too_small" ≥ -1, "equals" 5. */
function integerRule(min?: number, max?: number): { code: IssueCode; params: IssueParams } {
  if (min !== undefined && min === max) return { code: "equals", params: { value: min } };
  if (min !== undefined && max !== undefined) return { code: "range", params: { min, max } };
  if (min !== undefined) return { code: "too_small", params: { min } };
  if (max !== undefined) return { code: "too_large", params: { max } };
  return { code: "not_integer", params: {} };
}

function parseInteger(param: Extract<ParamDef, { type: "integer" }>, value: unknown): FieldResult {
  const bounds = boundsText(param.min, param.max);
  const rule =
    param.min !== undefined && param.min === param.max
      ? `must be ${param.min}`
      : `must be an integer${bounds ? ` ${bounds}` : ""}`;
  const { code, params } = integerRule(param.min, param.max);
  // Numeric strings ("5") are accepted: HTML inputs and many clients send numbers as text.
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\s*-?\d+\s*$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isSafeInteger(number))
    return fail([param.name], `${rule} ${got(value)}`, code === "equals" ? code : "not_integer", {
      ...params,
      got: gotParam(value),
    });
  if ((param.min !== undefined && number < param.min) || (param.max !== undefined && number > param.max))
    return fail([param.name], `${rule} ${got(number)}`, code, { ...params, got: number });
  if (param.oneOf && !param.oneOf.includes(number))
    return fail([param.name], `must be one of ${param.oneOf.join(", ")} ${got(number)}`, "not_one_of", {
      allowed: param.oneOf,
      got: number,
    });
  return { ok: true, value: number };
}

function parseEnum(param: Extract<ParamDef, { type: "enum" }>, value: unknown): FieldResult {
  const rule =
    param.values.length === 1 ? `must be ${param.values[0]}` : `must be one of ${param.values.join(", ")}`;
  const [code, params]: [IssueCode, IssueParams] =
    param.values.length === 1
      ? ["equals", { value: param.values[0], got: gotParam(value) }]
      : ["not_one_of", { allowed: param.values, got: gotParam(value) }];
  const text = typeof value === "number" && param.acceptNumbers ? String(value) : value;
  if (typeof text !== "string") return fail([param.name], `${rule} ${got(value)}`, code, params);
  // Case differs between models (720p vs 720P); the canonical spelling of this model is sent.
  const match = param.values.find((v) => v.toLowerCase() === text.trim().toLowerCase());
  return match === undefined
    ? fail([param.name], `${rule} ${got(value)}`, code, params)
    : { ok: true, value: match };
}

function parseString(param: Extract<ParamDef, { type: "string" }>, value: unknown): FieldResult {
  if (typeof value !== "string")
    return fail([param.name], `must be text ${got(value)}`, "not_text", { got: gotParam(value) });
  const length = charCount(value);
  if (param.minLength && !value.trim()) return fail([param.name], "must not be empty", "empty");
  if (param.minLength && length < param.minLength)
    return fail(
      [param.name],
      `must be at least ${plural(param.minLength, "character")} (got ${length})`,
      "too_short",
      { min: param.minLength, got: length },
    );
  if (param.maxLength !== undefined && length > param.maxLength)
    return fail(
      [param.name],
      `must be at most ${plural(param.maxLength, "character")} (got ${length})`,
      "too_long",
      { max: param.maxLength, got: length },
    );
  // The pattern's rule is the spec's words (data-spec-text): passed as it is written.
  if (param.pattern && !new RegExp(param.pattern.source).test(value.trim()))
    return fail([param.name], `must be ${param.pattern.rule} ${got(value)}`, "pattern", {
      rule: param.pattern.rule,
      got: gotParam(value),
    });
  return { ok: true, value: param.pattern ? value.trim() : value };
}

function parseBoolean(param: ParamDef, value: unknown): FieldResult {
  if (typeof value === "boolean") return { ok: true, value };
  if (typeof value === "string" && /^(true|false)$/i.test(value.trim()))
    return { ok: true, value: value.trim().toLowerCase() === "true" };
  return fail([param.name], `must be true or false ${got(value)}`, "not_boolean", { got: gotParam(value) });
}

function parseMedia(
  param: Extract<ParamDef, { type: "media" }>,
  value: unknown,
  assetLibrary: boolean,
): FieldResult {
  const kind = `${param.media} URLs`;
  if (!Array.isArray(value))
    return fail(
      [param.name],
      `must be a list of ${kind} (got ${shortValue(value)}); wrap a single URL in [ ]`,
      "not_list",
      { media: param.media, got: gotParam(value) },
    );
  const issues: CatalogIssue[] = [];
  if (value.length < param.minItems || value.length > param.maxItems) {
    const limit =
      param.minItems === param.maxItems
        ? `exactly ${plural(param.minItems, "item")}`
        : value.length > param.maxItems
          ? `at most ${plural(param.maxItems, "item")}`
          : `at least ${plural(param.minItems, "item")}`;
    const [code, params]: [IssueCode, IssueParams] =
      param.minItems === param.maxItems
        ? ["item_count", { count: param.minItems }]
        : value.length > param.maxItems
          ? ["too_many_items", { max: param.maxItems }]
          : ["too_few_items", { min: param.minItems }];
    issues.push({
      path: [param.name],
      message: `${limit} (got ${value.length})`,
      code,
      params: { ...params, got: value.length },
    });
  }
  const items = value.map((item, i) => {
    const result = checkMediaItem(item, { assetLibrary });
    if (!result.ok) issues.push({ path: [param.name, i], ...problemOf(result) });
    return result.ok ? result.value : item;
  });
  return issues.length ? { ok: false, issues } : { ok: true, value: items };
}

function parseJson(param: Extract<ParamDef, { type: "json" }>, value: unknown): FieldResult {
  if (param.shape === undefined) return { ok: true, value };
  const wanted = param.shape === "array" ? "a JSON array" : "a JSON object";
  const fits = param.shape === "array" ? Array.isArray(value) : isPlainObject(value);
  if (fits) return { ok: true, value };
  if (typeof value === "string") {
    try {
      JSON.parse(value);
    } catch (cause) {
      return fail(
        [param.name],
        `must be ${wanted}; the text is not valid JSON (${(cause as Error).message})`,
        "json_invalid",
        { shape: param.shape, error: (cause as Error).message },
      );
    }
  }
  return fail([param.name], `must be ${wanted} (got ${shortValue(value)})`, "json_shape", {
    shape: param.shape,
    got: gotParam(value),
  });
}

/** Checks one present field on its own; cross-field rules run afterwards (rules.ts). */
export function parseField(param: ParamDef, value: unknown, assetLibrary: boolean): FieldResult {
  switch (param.type) {
    case "integer":
      return parseInteger(param, value);
    case "enum":
      return parseEnum(param, value);
    case "string":
      return parseString(param, value);
    case "boolean":
      return parseBoolean(param, value);
    case "media":
      return parseMedia(param, value, assetLibrary);
    case "json":
      return parseJson(param, value);
  }
}
