"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { formatBytes } from "@/lib/format/bytes";

/**
 * lib/format/bytes.ts's sizes with the word "bytes" in the page's language ("KB", "MB" read the same
 * in both). `limit`: a size next to the limit it breaks is written in bytes when both would round to
 * the same figure (as lib/chat/limits.ts `formatOver` does for the server's sentences).
 */
export function useFormatBytes() {
  const t = useTranslations("chat");
  return useCallback(
    (bytes: number, limit?: number) =>
      bytes < 1024 || (limit !== undefined && formatBytes(bytes) === formatBytes(limit))
        ? t("bytes", { n: bytes })
        : formatBytes(bytes),
    [t],
  );
}
