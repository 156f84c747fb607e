import {
  formatDateTime as formatDateTimeIn,
  formatShortDate as formatShortDateIn,
} from "@/lib/format/locale-format";

/** 5.04 → "0:05", 75 → "1:15". */
export function formatClock(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "";
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// Pages not yet in the message files (issue 27) write dates in the browser's own locale.
export const formatDateTime = (iso: string | null | undefined): string => formatDateTimeIn(undefined, iso);
export const formatShortDate = (iso: string): string => formatShortDateIn(undefined, iso);

/** Seconds between two instants as "35 s" / "2 min 5 s". */
export function formatSpan(fromIso: string | null, toIso: string | null): string | null {
  if (!fromIso || !toIso) return null;
  const seconds = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Values of a submitted request as the user typed them: text as is, everything else as JSON. */
export function formatParam(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "—";
  return JSON.stringify(value);
}
