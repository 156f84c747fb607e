import type { IssueCode, IssueParams } from "../catalog/issues";
/**
 * The gallery's filters, as they appear in the list API's query string and in the page URL
 * (bookmarkable). One set of rules for the route, the page and the benchmark.
 */
import { TASK_STATUSES } from "../tasks/status";

/** A task state, or "expired": a result URL expired before the studio could store it. */
export const STATUS_FILTERS = [...TASK_STATUSES, "expired"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const DEFAULT_PAGE_SIZE = 60;
const MAX_PAGE_SIZE = 200;

export type GalleryFilters = {
  type?: "video" | "image" | "sequence";
  model?: string;
  status?: StatusFilter;
  favorite?: boolean;
  rating?: number;
  tag?: string;
  from?: string;
  to?: string;
  q?: string;
  /** A batch id: only the tasks that batch sent. */
  batch?: string;
  /** Admins only: one user's items (a user id), or "none" for items nobody owns. */
  user?: string;
  /** The order: newest first (absent), or "score": items with a take score best first (score-order.ts). */
  sort?: GallerySort;
};

export const GALLERY_SORTS = ["newest", "score"] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];

export type GalleryListQuery = GalleryFilters & { cursor?: string; limit?: number };

/**
 * A value that breaks its key's rule: the key and the rule (English `message`; `code` and `params`
 * from lib/catalog/issues.ts, so a page words it in its language), for the API's error and the page.
 */
export type FilterIssue = { key: string; message: string; code: IssueCode; params?: IssueParams };

type Broken = { error: string; code: IssueCode; params?: IssueParams };
type Rule = (value: string) => { value: unknown } | Broken;

const broken = (error: string, code: IssueCode, params?: IssueParams): Broken => ({ error, code, params });
const notANumber = () => broken("must be a number", "invalid_type", { expected: "number" });

const oneOf =
  (values: readonly string[], error: string): Rule =>
  (v) =>
    values.includes(v) ? { value: v } : broken(error, "not_one_of", { allowed: [...values] });
const text =
  (max: number, error = `must be at most ${max} characters`, trim = true): Rule =>
  (v) => {
    const value = trim ? v.trim() : v;
    return value.length <= max ? { value } : broken(error, "too_long", { max });
  };
const wholeNumber =
  (min: number, max: number, error: string): Rule =>
  (v) => {
    const n = Number(v);
    if (Number.isNaN(n)) return notANumber();
    return Number.isInteger(n) && n >= min && n <= max ? { value: n } : broken(error, "range", { min, max });
  };
const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;
// "2026-11-21" is a whole day in UTC; the page sends the user's local day as date-times with offset.
const date: Rule = (v) => {
  const value = v.trim();
  if (!DATE.test(value))
    return broken("must be a date such as 2026-11-21 or an ISO date-time with offset", "invalid_format", {
      format: "date",
    });
  return Number.isNaN(Date.parse(value))
    ? broken("is not a real date", "invalid_format", { format: "date" })
    : { value };
};

/**
 * Each filter's rule. Plain functions rather than a zod schema, so the gallery page can read its
 * URL without shipping zod to the browser; the API's schemas (filter-schema.ts) call these too.
 */
const FILTER_RULES: Record<keyof GalleryFilters, Rule> = {
  type: oneOf(["video", "image", "sequence"], "must be video, image or sequence"),
  model: text(200),
  status: oneOf(STATUS_FILTERS, `must be one of ${STATUS_FILTERS.join(", ")}`),
  favorite: (v) =>
    ["1", "true", "0", "false"].includes(v)
      ? { value: v === "1" || v === "true" }
      : broken("must be 1 or 0", "not_one_of", { allowed: ["1", "0"] }),
  rating: wholeNumber(1, 5, "must be a whole number from 1 to 5"),
  tag: text(64),
  from: date,
  to: date,
  q: text(500, "must be at most 500 characters", false),
  batch: text(100, "must be a batch id"),
  user: text(100, 'must be a user id or "none"'),
  sort: oneOf(GALLERY_SORTS, "must be newest or score"),
};

const LIST_RULES: Record<"cursor" | "limit", Rule> = {
  cursor: text(500, "must be at most 500 characters", false),
  limit: (v) => {
    const n = Number(v);
    if (Number.isNaN(n)) return notANumber();
    if (!Number.isInteger(n)) return broken("must be a whole number", "not_integer");
    if (n < 1) return broken("must be at least 1", "too_small", { min: 1 });
    return n > MAX_PAGE_SIZE
      ? broken(`must be at most ${MAX_PAGE_SIZE}`, "too_large", { max: MAX_PAGE_SIZE })
      : { value: n };
  },
};

function checkKeys(
  raw: Record<string, unknown>,
  rules: Record<string, Rule>,
): { value: Record<string, unknown>; issues: FilterIssue[] } {
  const value: Record<string, unknown> = {};
  const issues: FilterIssue[] = [];
  for (const [key, rule] of Object.entries(rules)) {
    const given = raw[key];
    if (given === undefined || given === null) continue;
    const v = typeof given === "string" ? given : typeof given === "number" ? String(given) : null;
    if (v === null) {
      issues.push({ key, message: "must be text", code: "invalid_type", params: { expected: "string" } });
      continue;
    }
    // An empty value is no filter (a form's blank field).
    if (v.trim() === "") continue;
    const result = rule(v);
    if ("error" in result)
      issues.push({ key, message: result.error, code: result.code, params: result.params });
    else value[key] = result.value;
  }
  return { value, issues };
}

/**
 * The gallery's filters from query values, with every broken rule named. The rule across keys
 * (`to` not before `from`) is only checked once every key is valid on its own.
 */
export function checkGalleryFilters(raw: Record<string, unknown>): {
  value: GalleryFilters;
  issues: FilterIssue[];
} {
  const { value, issues } = checkKeys(raw, FILTER_RULES);
  const filters = value as GalleryFilters;
  if (!issues.length && filters.from && filters.to && !(startOf(filters.from) < endOf(filters.to))) {
    issues.push({
      key: "to",
      message: "must not be before from",
      code: "not_before",
      params: { other: "from" },
    });
  }
  return { value: filters, issues };
}

/** The list API's query: the filters, a cursor and a page size. */
export function checkGalleryListQuery(raw: Record<string, unknown>): {
  value: GalleryListQuery;
  issues: FilterIssue[];
} {
  const filters = checkGalleryFilters(raw);
  const list = checkKeys(raw, LIST_RULES);
  return { value: { ...filters.value, ...list.value }, issues: [...filters.issues, ...list.issues] };
}

export const FILTER_KEYS = [
  "type",
  "model",
  "status",
  "favorite",
  "rating",
  "tag",
  "from",
  "to",
  "q",
  "batch",
  "user",
  "sort",
] as const;

/** URLSearchParams → plain object for the schemas (first value of each key). */
export function searchParamsObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in out)) out[key] = value;
  return out;
}

/** Filters → query string in a stable key order (the same filters give the same URL). */
export function filtersToSearchParams(filters: GalleryFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === "") continue;
    if (key === "favorite") {
      if (value === true) params.set(key, "1");
      continue;
    }
    params.set(key, String(value));
  }
  return params;
}

/**
 * Reads filters leniently from the page URL: a hand-edited bad value (rating=9) is ignored, not
 * allowed to break the page; the rest of the filters still apply.
 */
export function filtersFromUrl(params: URLSearchParams): GalleryFilters {
  let raw = searchParamsObject(params);
  // Each pass drops the keys with issues. The rule across keys (to not before from) is only checked
  // once every key is valid on its own, so a second pass may find it broken.
  for (;;) {
    const { value, issues } = checkGalleryFilters(raw);
    if (!issues.length) return value;
    const bad = new Set(issues.map((i) => i.key));
    const kept = Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key)));
    if (Object.keys(kept).length === Object.keys(raw).length) return {};
    raw = kept;
  }
}

const BARE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The page keeps bare dates in its URL (readable, shareable); the API gets the user's local days as
 * an instant range, so "from 21 Nov" means midnight where the user is. Built from the calendar
 * date, not from "00:00" with the offset of that moment: on a day whose midnight is skipped or
 * repeated by a daylight-saving change, the day still starts and ends at its real first and
 * last instants.
 */
export function apiSearchParams(filters: GalleryFilters): URLSearchParams {
  const params = filtersToSearchParams(filters);
  const localDay = (value: string, which: "start" | "end") => {
    const match = BARE_DATE.exec(value);
    if (!match) return value;
    const [year, month, day] = match.slice(1).map(Number);
    // new Date(y, m, d) is local midnight, or the first local time that exists that day.
    if (which === "start") return new Date(year, month - 1, day).toISOString();
    return new Date(new Date(year, month - 1, day + 1).getTime() - 1).toISOString();
  };
  if (filters.from) params.set("from", localDay(filters.from, "start"));
  if (filters.to) params.set("to", localDay(filters.to, "end"));
  return params;
}

/** Inclusive lower bound of a `from` value: a bare date means the start of that day (UTC). */
export function startOf(value: string): Date {
  return new Date(/T/.test(value) ? value : `${value}T00:00:00.000Z`);
}

/** Exclusive upper bound of a `to` value: a bare date includes that whole day (UTC). */
export function endOf(value: string): Date {
  if (/T/.test(value)) return new Date(new Date(value).getTime() + 1);
  return new Date(new Date(`${value}T00:00:00.000Z`).getTime() + 86_400_000);
}
