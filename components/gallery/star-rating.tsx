"use client";

import { Star } from "lucide-react";
import clsx from "clsx";
import { useTranslations } from "next-intl";
import { useState } from "react";

/** 1–5 stars as a radio group; choosing the current rating again clears it. */
export function StarRating({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (rating: number | null) => void;
}) {
  const t = useTranslations("galleryDetail");
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <div
      role="radiogroup"
      aria-label={t("rating")}
      className="flex items-center"
      onMouseLeave={() => setHover(null)}
      data-testid="rating"
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={t(value === n ? "starClear" : "star", { n })}
          data-testid={`rate-${n}`}
          onMouseEnter={() => setHover(n)}
          onClick={() => onChange(value === n ? null : n)}
          className={clsx(
            "inline-flex items-center justify-center px-0.5 transition-colors",
            n <= shown ? "text-amber-300" : "text-zinc-500 hover:text-zinc-400",
          )}
        >
          <Star aria-hidden className={clsx("size-6", n <= shown && "fill-current")} />
        </button>
      ))}
      <span className="ml-2 w-8 text-xs text-zinc-400">{value ? t("outOf", { n: value }) : ""}</span>
    </div>
  );
}
