/**
 * Next.js calls register() once per server process: the background tracker starts here, so tasks
 * are tracked and their media stored with no browser open, and resumed after every restart.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("./lib/env");
  if (!env().trackerEnabled) return;
  const { ensureTrackerStarted } = await import("./lib/tasks/tracker");
  ensureTrackerStarted();
}
