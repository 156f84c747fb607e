import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { processHealth } from "@/lib/health/process-health";
import { route } from "@/lib/http/route";
import { runningTracker } from "@/lib/tasks/tracker";

export const dynamic = "force-dynamic";

/**
 * Liveness and dependencies for tests, operators and load balancers: public, tells nothing about
 * accounts, data or internal addresses. 503 while the database or the media store is down.
 */
export const GET = route({ auth: "public" }, async () => {
  const config = env();
  const report = await processHealth({
    db: db(),
    mediaStore: config.mediaStore,
    mediaDir: config.mediaDir,
    mediaMinFreeBytes: config.mediaMinFreeBytes,
    lastUpstreamError: runningTracker()?.status().lastUpstreamError ?? null,
    now: Date.now,
  });
  return Response.json(report, { status: report.ok ? 200 : 503 });
});
