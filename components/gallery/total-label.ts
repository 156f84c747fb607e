import type { useTranslations } from "next-intl";

type FilterMessages = ReturnType<typeof useTranslations<"galleryFilters">>;

/**
 * The filter bar's count: "1 item", "2,431 items match", or for an estimate (lib/gallery/total.ts)
 * "about 120,000 items", never a number that looks exact and is not.
 */
export function totalLabel(
  t: FilterMessages,
  total: number | null,
  isEstimate: boolean,
  filtered: boolean,
): string {
  if (total === null) return "…";
  const key = isEstimate ? (filtered ? "totalAboutMatch" : "totalAbout") : filtered ? "totalMatch" : "total";
  return t(key, { count: total });
}
