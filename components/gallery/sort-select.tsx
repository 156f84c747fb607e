"use client";

import clsx from "clsx";
import { useTranslations } from "next-intl";
import { inputClass } from "@/components/ui/field";
import type { GalleryFilters, GallerySort } from "@/lib/gallery/filters";
import { useItemSource } from "./item-source";

/**
 * The gallery's order: newest first (the default, left out of the URL) or best take score first
 * (issue 25; lib/gallery/score-order.ts). A collection keeps its own order, so it has none.
 */
export function SortSelect({
  filters,
  onChange,
}: {
  filters: GalleryFilters;
  onChange: (filters: GalleryFilters) => void;
}) {
  const t = useTranslations("gallerySort");
  if (useItemSource().collectionId) return null;
  return (
    <label className="ml-auto flex items-center gap-2 text-xs text-zinc-400">
      {t("label")}
      <select
        data-testid="gallery-sort"
        className={clsx(inputClass, "h-8 w-auto py-0 pr-8 text-sm")}
        value={filters.sort ?? "newest"}
        onChange={(e) => {
          const sort = e.target.value as GallerySort;
          onChange({ ...filters, sort: sort === "newest" ? undefined : sort });
        }}
      >
        <option value="newest">{t("newest")}</option>
        <option value="score">{t("score")}</option>
      </select>
    </label>
  );
}
