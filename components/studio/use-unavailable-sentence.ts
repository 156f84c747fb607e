"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

const KNOWN_REASONS = new Set(["brand_model_missing", "brand_model_disabled"]);

/** availability.ts's sentences for the spec's availability reasons, in the page's language. */
export function useUnavailableSentence() {
  const t = useTranslations("model.reason");
  return useCallback(
    (reason: string) =>
      t(KNOWN_REASONS.has(reason) ? (reason as "brand_model_missing" | "brand_model_disabled") : "other"),
    [t],
  );
}
