import { db } from "../db";
import { env } from "../env";
import { runningTracker } from "../tasks/tracker";
import type { HealthReport } from "./check-dependencies";
import { processHealth } from "./process-health";

/**
 * The process's health report from its own database, media store and tracker: the one check that
 * /api/health and /api/health/ready both answer from. Kept apart from process-health.ts, which the
 * error mapper imports and which must not open the database on import.
 */
export function currentHealth(): Promise<HealthReport> {
  const config = env();
  return processHealth({
    db: db(),
    mediaStore: config.mediaStore,
    mediaDir: config.mediaDir,
    mediaMinFreeBytes: config.mediaMinFreeBytes,
    lastUpstreamError: runningTracker()?.status().lastUpstreamError ?? null,
    now: Date.now,
  });
}
