"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

const KNOWN = new Set(["queued", "processing", "completed", "failed", "cancelled", "video", "image"]);

/** A task's status (or object kind) as the spec names it, in the page's language; unknown ones as sent. */
export function useStatusLabel() {
  const t = useTranslations("status");
  return useCallback(
    (status: string) => (KNOWN.has(status) ? t(status as Parameters<typeof t>[0]) : status),
    [t],
  );
}
