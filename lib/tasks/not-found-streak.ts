/**
 * Consecutive "not found" (404/410) answers about one task. They are the only evidence that the
 * upstream lost a task, so they are counted apart from other poll failures (5xx, network), which
 * say nothing about it. Stored in Task.notFoundCount / Task.notFoundSince.
 */
export type NotFoundStreak = {
  /** Queries in a row answered 404/410. */
  count: number;
  /** When the first of them was answered (ms since epoch). */
  since: number;
};

export function isNotFoundStatus(status: unknown): status is 404 | 410 {
  return status === 404 || status === 410;
}

/** The next streak after one more 404/410 answer at `now`. */
export function extendNotFoundStreak(
  previous: { notFoundCount: number; notFoundSince: Date | null },
  now: number,
): NotFoundStreak {
  return previous.notFoundCount > 0 && previous.notFoundSince
    ? { count: previous.notFoundCount + 1, since: previous.notFoundSince.getTime() }
    : { count: 1, since: now };
}

/** The Task columns that record a streak, or its end (any other answer). */
export function notFoundColumns(streak: NotFoundStreak | null) {
  return streak
    ? { notFoundCount: streak.count, notFoundSince: new Date(streak.since) }
    : { notFoundCount: 0, notFoundSince: null };
}
