import type { z } from "zod";
import type { IssueCode, IssueParams } from "../catalog/issues";

type ZodIssue = z.core.$ZodIssue;

const bound = (value: unknown): number | undefined =>
  typeof value === "number" || typeof value === "bigint" ? Number(value) : undefined;

/**
 * The code and params of a zod issue (a route's own schema), in the catalog's vocabulary
 * (lib/catalog/issues.ts) so the browser words them like the catalog's. A refinement names its own
 * with `params: { code, params }`; anything else is "invalid" and the browser shows zod's English.
 */
export function zodIssueCode(issue: ZodIssue): { code: IssueCode | string; params: IssueParams } {
  switch (issue.code) {
    case "invalid_type":
      // zod leaves the input out of its issues; "received undefined" is how it says "missing".
      return /received undefined$/.test(issue.message)
        ? { code: "required", params: {} }
        : { code: "invalid_type", params: { expected: String(issue.expected) } };
    case "too_small": {
      const min = bound(issue.minimum);
      if (min === undefined) break;
      if (issue.origin === "string") return { code: "too_short", params: { min } };
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
      return { code: "invalid_format", params: { format: issue.format } };
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
