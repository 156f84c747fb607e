import { sameJson } from "./describe-value";
import type { CatalogIssue } from "./types";

/** Spec: reference_images is canonical; image_urls, referenceImages and images are aliases of it. */
export const REFERENCE_IMAGE_ALIASES = ["image_urls", "referenceImages", "images"] as const;
export const CANONICAL = "reference_images";

/**
 * Moves alias values onto reference_images in place. Two spellings with the same value are fine;
 * different values are ambiguous and rejected on the alias.
 */
export function applyAliases(body: Record<string, unknown>): CatalogIssue[] {
  const issues: CatalogIssue[] = [];
  for (const alias of REFERENCE_IMAGE_ALIASES) {
    if (!(alias in body)) continue;
    const value = body[alias];
    delete body[alias];
    if (value === undefined) continue;
    const current = body[CANONICAL];
    if (current !== undefined && !sameJson(current, value)) {
      issues.push({
        path: [alias],
        message: `is an alias of ${CANONICAL}, which is also given with a different value; send only one of them`,
        code: "alias_conflict",
        params: { canonical: CANONICAL },
      });
      continue;
    }
    body[CANONICAL] = value;
  }
  return issues;
}
