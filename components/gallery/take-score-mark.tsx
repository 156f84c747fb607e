"use client";

import { useTranslations } from "next-intl";
import type { GalleryItem } from "@/lib/gallery/types";

/** A card's take score in the "best score first" order (issue 25), its reason on hover. */
export function TakeScoreMark({ item }: { item: GalleryItem }) {
  const t = useTranslations("gallerySort");
  if (!item.takeScore) return null;
  return (
    <span
      data-testid="card-take-score"
      className="shrink-0 font-semibold text-amber-300"
      title={t("scoreTitle", { score: item.takeScore.score, reason: item.takeScore.reason })}
    >
      {t("score5", { score: item.takeScore.score })}
    </span>
  );
}
