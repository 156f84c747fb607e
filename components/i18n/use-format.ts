"use client";

import { useLocale } from "next-intl";
import { useMemo } from "react";
import { formatBytes } from "@/lib/format/bytes";
import * as format from "@/lib/format/locale-format";

/** lib/format's locale formats, bound to the page's language. */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      dateTime: (value: Parameters<typeof format.formatDateTime>[1]) => format.formatDateTime(locale, value),
      shortDate: (value: string | number | Date) => format.formatShortDate(locale, value),
      time: (value: string | number | Date) => format.formatTime(locale, value),
      number: (value: number, maximumFractionDigits?: number) =>
        format.formatNumber(locale, value, maximumFractionDigits),
      relative: (ms: number, now: number) => format.formatRelative(locale, ms, now),
      bytes: (value: number) => formatBytes(value, locale),
    }),
    [locale],
  );
}
