"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

/** "Duration (seconds)" → "duration_seconds": a catalog label's message key. */
const keyOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

/**
 * A catalog param's label in the page's language. Keyed by the English label (one param name can
 * carry two labels: reference_videos is "Video to edit" for an edit model); a label without a
 * message (a new model's) shows as the catalog wrote it.
 */
export function useParamLabel() {
  const t = useTranslations("params");
  return useCallback(
    (label: string) => {
      const key = keyOf(label) as Parameters<typeof t>[0];
      return t.has(key) ? t(key) : label;
    },
    [t],
  );
}
