/**
 * Consecutive "not found" (404/410) answers about one task. They are the only evidence that the
 * upstream lost a task, so they are counted apart from other poll failures (5xx, network), which
 * say nothing about it. The schema has no column for the streak, so it lives in the task's
 * human-readable `lastPollError` (what the studio shows while it keeps asking); this module is the
 * only one that writes or reads that sentence.
 */
export type NotFoundStreak = {
  /** The upstream's status of the latest answer, 404 or 410. */
  status: number;
  /** Queries in a row answered 404/410. */
  count: number;
  /** When the first of them was answered (ms since epoch). */
  since: number;
};

const PATTERN = /^HTTP (404|410) on (\d+) quer(?:y|ies) in a row since (\S+?Z)\b/;

export function isNotFoundStatus(status: unknown): status is 404 | 410 {
  return status === 404 || status === 410;
}

/** The streak a stored lastPollError describes, or null when the last failure was something else. */
export function readNotFoundStreak(lastPollError: string | null): NotFoundStreak | null {
  const match = lastPollError ? PATTERN.exec(lastPollError) : null;
  if (!match) return null;
  const since = Date.parse(match[3]);
  if (!Number.isFinite(since)) return null;
  return { status: Number(match[1]), count: Number(match[2]), since };
}

/** The next streak after one more 404/410 answer at `now`. */
export function extendNotFoundStreak(
  previous: NotFoundStreak | null,
  status: number,
  now: number,
): NotFoundStreak {
  return previous
    ? { status, count: previous.count + 1, since: previous.since }
    : { status, count: 1, since: now };
}

/** The lastPollError that records a streak (and the upstream's own words). */
export function notFoundStreakMessage(streak: NotFoundStreak, upstreamMessage: string): string {
  const queries = streak.count === 1 ? "query" : "queries";
  return `HTTP ${streak.status} on ${streak.count} ${queries} in a row since ${new Date(streak.since).toISOString()} — ${upstreamMessage}`;
}
