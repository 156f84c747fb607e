import { z } from "zod";

/**
 * The gallery's filters, as they appear in the list API's query string and in the page URL
 * (bookmarkable). One schema for the route, the page and the benchmark.
 */
export const STATUS_FILTERS = ["queued", "processing", "completed", "failed", "expired"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const DEFAULT_PAGE_SIZE = 60;
export const MAX_PAGE_SIZE = 200;

const notANumber = (issue: { code: string }) =>
  issue.code === "invalid_type" ? "must be a number" : undefined;
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

// "2026-11-21" is a whole day in UTC; the page sends the user's local day as date-times with offset.
const dateParam = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/, {
    error: "must be a date such as 2026-11-21 or an ISO date-time with offset",
    abort: true,
  })
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: "is not a real date" });

export const galleryFiltersSchema = z
  .object({
    type: optional(z.enum(["video", "image"], { error: "must be video or image" })),
    model: optional(z.string().trim().max(200)),
    status: optional(z.enum(STATUS_FILTERS, { error: `must be one of ${STATUS_FILTERS.join(", ")}` })),
    favorite: optional(
      z
        .enum(["1", "true", "0", "false"], { error: "must be 1 or 0" })
        .transform((v) => v === "1" || v === "true"),
    ),
    rating: optional(
      z.coerce
        .number({ error: notANumber })
        .int({ error: "must be a whole number from 1 to 5" })
        .min(1, { error: "must be a whole number from 1 to 5" })
        .max(5, { error: "must be a whole number from 1 to 5" }),
    ),
    tag: optional(z.string().trim().max(64)),
    from: optional(dateParam),
    to: optional(dateParam),
    q: optional(z.string().max(500, { error: "must be at most 500 characters" })),
  })
  .refine((f) => !f.from || !f.to || startOf(f.from) < endOf(f.to), {
    path: ["to"],
    error: "must not be before from",
  });

export type GalleryFilters = z.infer<typeof galleryFiltersSchema>;

export const galleryListQuerySchema = galleryFiltersSchema.and(
  z.object({
    cursor: optional(z.string().max(500)),
    limit: optional(
      z.coerce
        .number({ error: notANumber })
        .int({ error: "must be a whole number" })
        .min(1, { error: "must be at least 1" })
        .max(MAX_PAGE_SIZE, { error: `must be at most ${MAX_PAGE_SIZE}` }),
    ),
  }),
);
export type GalleryListQuery = z.infer<typeof galleryListQuerySchema>;

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
    const parsed = galleryFiltersSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
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
