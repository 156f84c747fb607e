/**
 * Budget periods and ledger days are the server's calendar (its time zone, `TZ`): a day runs from
 * local midnight to the next, a month from the 1st. A task counts in the period it was submitted in.
 */
export type Period = "day" | "month";

export type PeriodRange = { period: Period; start: Date; end: Date };

export function periodRange(period: Period, now: Date): PeriodRange {
  const start =
    period === "day"
      ? new Date(now.getFullYear(), now.getMonth(), now.getDate())
      : new Date(now.getFullYear(), now.getMonth(), 1);
  const end =
    period === "day"
      ? new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
      : new Date(now.getFullYear(), now.getMonth() + 1, 1);
  return { period, start, end };
}

/** "2026-11-23": the server-local calendar day of an instant. */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight starting the day "YYYY-MM-DD" (already validated). */
export function dayStart(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y, m - 1, d);
}

/** Every day from `from` to `to` inclusive, as keys. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = dayStart(from); dayKey(d) <= to; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1))
    out.push(dayKey(d));
  return out;
}
