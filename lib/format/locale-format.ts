/**
 * Dates, numbers and credits written for people in their language (issue 27). Pure Intl, so server
 * pages and browser components format alike; components get them bound to the page's locale through
 * components/i18n/use-format.ts.
 */
type Instant = string | number | Date;

const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

/** "Nov 26, 2026, 02:05:09 PM" / "2026年11月26日 14:05:09". */
export function formatDateTime(locale: string | undefined, value: Instant | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  return toDate(value).toLocaleString(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
}

/** "Nov 26" (this year) or "Nov 26, 2025" / "11月26日". */
export function formatShortDate(locale: string | undefined, value: Instant, now: Date = new Date()): string {
  const date = toDate(value);
  const sameYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleDateString(locale, {
    month: "short",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
  });
}

export function formatTime(locale: string, value: Instant): string {
  return toDate(value).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

/** 12345.5 → "12,345.5" in either language (Chinese groups digits the same way). */
export function formatNumber(locale: string, value: number, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value);
}

/** "≈ 3 minutes ago" style: "just now" under 45 s, then minutes, hours, and a date after a day. */
export function formatRelative(locale: string, ms: number, now: number): string {
  const seconds = Math.round((now - ms) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "short" });
  if (seconds < 45) return rtf.format(0, "second");
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 24) return rtf.format(-hours, "hour");
  return new Date(ms).toLocaleDateString(locale, { month: "short", day: "numeric" });
}
