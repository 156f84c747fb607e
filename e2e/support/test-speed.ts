/**
 * The two shared e2e studios (playwright.config.ts) run their built-in sandbox and tracker faster
 * than the spec's real time: tasks at 0.4 of their 10–30 s ([fast] 2.4 s, [slow] 12 s) and polls
 * every 1–1.6 s instead of 5–8 s (docs/decisions/testing.md). Studios that specs start themselves
 * (two instances, a batch restart) do not get these, so they run at the spec's real speed.
 */
export const E2E_SPEED = { SANDBOX_TIME_SCALE: "0.4", TRACKER_POLL_INTERVAL_MS: "1000" } as const;

/** The shortest gap between two polls of one task on the shared studios. */
export const E2E_POLL_INTERVAL_MS = Number(E2E_SPEED.TRACKER_POLL_INTERVAL_MS);
