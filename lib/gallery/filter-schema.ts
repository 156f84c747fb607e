import { z } from "zod";
import { issueCode } from "../http/zod-issue";
import {
  checkGalleryFilters,
  checkGalleryListQuery,
  type FilterIssue,
  type GalleryFilters,
  type GalleryListQuery,
} from "./filters";

/**
 * The gallery's query rules (filters.ts) as zod schemas, for the route wrapper's `search` option:
 * each broken rule becomes an issue on its key, which the API's 400 names.
 */
function querySchema<T>(check: (raw: Record<string, unknown>) => { value: T; issues: FilterIssue[] }) {
  return z.record(z.string(), z.unknown()).transform((raw, ctx): T => {
    const { value, issues } = check(raw);
    for (const issue of issues)
      ctx.addIssue({
        code: "custom",
        path: [issue.key],
        message: issue.message,
        ...issueCode(issue.code, issue.params),
      });
    return value;
  });
}

export const galleryFiltersSchema = querySchema<GalleryFilters>(checkGalleryFilters);
export const galleryListQuerySchema = querySchema<GalleryListQuery>(checkGalleryListQuery);
