import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { processHealth } from "@/lib/health/process-health";
import { readiness } from "@/lib/health/readiness";
import { route } from "@/lib/http/route";
import { runningTracker } from "@/lib/tasks/tracker";

export const dynamic = "force-dynamic";

/**
 * Readiness for load balancers and orchestrators: 200 while the database and the media store
 * answer, 503 naming the one that does not (the same shared check as /api/health).
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
  const ready = readiness(report);
  return Response.json(ready, {
    status: ready.ready ? 200 : 503,
    headers: { "Cache-Control": "no-store", ...(ready.ready ? {} : { "Retry-After": "5" }) },
  });
});
