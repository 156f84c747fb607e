import { formatDateTime as formatDateTimeIn } from "@/lib/format/locale-format";

/** 5.04 → "0:05", 75 → "1:15". */
export function formatClock(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "";
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// Pages not yet in the message files (issue 27: batches) write dates in the browser's own locale;
// the gallery's own use components/i18n/use-format.ts.
export const formatDateTime = (iso: string | null | undefined): string => formatDateTimeIn(undefined, iso);

/** Seconds between two instants, split for "35 s" / "2 min 5 s" (galleryDetail.seconds/minutes). */
export function spanParts(
  fromIso: string | null,
  toIso: string | null,
): { minutes: number; seconds: number } | null {
  if (!fromIso || !toIso) return null;
  const seconds = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 1000));
  return { minutes: Math.floor(seconds / 60), seconds: seconds % 60 };
}

/** Values of a submitted request as the user typed them: text as is, everything else as JSON. */
export function formatParam(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "—";
  return JSON.stringify(value);
}
