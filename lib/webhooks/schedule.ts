/**
 * When a failed delivery is tried again: after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 14 h (the
 * Standard Webhooks recommendation, stretched so the attempts span more than 24 h: 31.6 h from the
 * first), then it is given up. `scale` shrinks every step for tests (WEBHOOK_RETRY_SCALE).
 */
const RETRY_DELAYS_MS = [5e3, 300e3, 1_800e3, 7_200e3, 18_000e3, 36_000e3, 50_400e3] as const;

/** Attempts in all: the first one and one per retry delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The wait after the `attempts`-th failed attempt, or null when it was the last one. */
export function retryDelayMs(attempts: number, scale = 1): number | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : Math.max(1, Math.round(delay * scale));
}

/**
 * An endpoint whose every delivery has failed for this long (5 days) is disabled, with a notice to
 * its owner; or after this many failed attempts in a row with no success in between, whichever
 * comes first (a burst of events to a dead URL should not wait 5 days).
 */
export const DISABLE_AFTER_MS = 5 * 24 * 3_600e3;
export const DISABLE_AFTER_FAILED_ATTEMPTS = 100;

export function disableAfterMs(scale = 1): number {
  return Math.round(DISABLE_AFTER_MS * scale);
}
