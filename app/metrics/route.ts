import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { route } from "@/lib/http/route";
import { authorizeScrape, renderMetrics } from "@/lib/metrics/scrape";
import { runningTracker } from "@/lib/tasks/tracker";

export const dynamic = "force-dynamic";

/**
 * Prometheus scrape endpoint. Public to the session check (a scraper has no account), guarded by
 * its own bearer token instead (lib/metrics/scrape.ts); docs/decisions/operations.md#metrics.
 */
export const GET = route({ auth: "public" }, async ({ request }) => {
  authorizeScrape(request.headers, env().observability.metricsToken);
  const { body, contentType } = await renderMetrics({ db: db(), tracker: runningTracker() });
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
});
