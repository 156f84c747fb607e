import type { z } from "zod";
import type { IssueCode, IssueParams } from "../catalog/issues";

type ZodIssue = z.core.$ZodIssue;

const bound = (value: unknown): number | undefined =>
  typeof value === "number" || typeof value === "bigint" ? Number(value) : undefined;

/**
 * What a refinement passes to name the code of its issue, e.g.
 * `.refine(check, { error: "…", ...issueCode("at_least_one_of", { fields }) })` or
 * `ctx.addIssue({ code: "custom", path, message, ...issueCode("greater_than", { value: 0 }) })`.
 */
export function issueCode(code: IssueCode, params: IssueParams = {}) {
  return { params: { code, params } };
}

/**
 * A type check's message that says "is required" when the value is missing, e.g.
 * `z.string({ error: requiredOr("must be text") })`: zodIssueCode then answers `required`.
 */
export function requiredOr(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : message);
}

/**
 * The code and params of a zod issue (a route's own schema), in the catalog's vocabulary
 * (lib/catalog/issues.ts) so the browser words them like the catalog's. A refinement names its own
 * with `params: { code, params }` (issueCode); anything else is "invalid" and the browser shows
 * zod's English.
 */
export function zodIssueCode(issue: ZodIssue): { code: IssueCode | string; params: IssueParams } {
  switch (issue.code) {
    case "invalid_type":
      // zod leaves the input out of its issues; "received undefined" is how it says "missing", and a
      // schema's own message says "is required" (requiredOr, or a field that must not be left out).
      if (/received undefined$|\bis required\b/.test(issue.message)) return { code: "required", params: {} };
      // z.number().int() refuses 1.5 as the type "int".
      if (issue.expected === "int") return { code: "not_integer", params: {} };
      return { code: "invalid_type", params: { expected: String(issue.expected) } };
    case "too_small": {
      const min = bound(issue.minimum);
      if (min === undefined) break;
      if (issue.origin === "string")
        return min === 1 ? { code: "empty", params: {} } : { code: "too_short", params: { min } };
      if (issue.origin === "array" || issue.origin === "set")
        return { code: "too_few_items", params: { min } };
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return { code: "too_small", params: { min } };
      break;
    }
    case "too_big": {
      const max = bound(issue.maximum);
      if (max === undefined) break;
      if (issue.origin === "string") return { code: "too_long", params: { max } };
      if (issue.origin === "array" || issue.origin === "set")
        return { code: "too_many_items", params: { max } };
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return { code: "too_large", params: { max } };
      break;
    }
    case "invalid_value":
      return {
        code: "not_one_of",
        params: { allowed: issue.values.map((v) => (typeof v === "number" ? v : String(v))) },
      };
    case "invalid_format":
      // A regex is the schema's own rule: its message says it, a format name ("regex") would not.
      if (issue.format === "regex") break;
      return { code: "invalid_format", params: { format: issue.format } };
    case "invalid_union": {
      // A discriminated union names its choices; a plain one only knows that no shape fits.
      const options = "options" in issue ? issue.options : undefined;
      if (options?.length && options.every((o) => typeof o === "string" || typeof o === "number"))
        return { code: "not_one_of", params: { allowed: options as (string | number)[] } };
      return { code: "no_matching_shape", params: {} };
    }
    case "unrecognized_keys":
      return { code: "unknown_keys", params: { keys: issue.keys } };
    case "custom": {
      const own = issue.params as { code?: unknown; params?: unknown } | undefined;
      if (typeof own?.code === "string") return { code: own.code, params: (own.params ?? {}) as IssueParams };
      break;
    }
  }
  return { code: "invalid", params: {} };
}
