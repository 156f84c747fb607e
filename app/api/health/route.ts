import { currentHealth } from "@/lib/health/current-health";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * Liveness and dependencies for tests, operators and load balancers: public, tells nothing about
 * accounts, data or internal addresses. 503 while the database or the media store is down.
 */
export const GET = route({ auth: "public" }, async () => {
  const report = await currentHealth();
  return Response.json(report, { status: report.ok ? 200 : 503 });
});
