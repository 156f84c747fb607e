import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * Liveness for load balancers and orchestrators: 200 while this process answers HTTP at all. It
 * asks no dependency, so a database or bucket outage never gets the process restarted (that is
 * /api/health/ready's 503: take it out of rotation, keep it running). docs/decisions/operations.md#health.
 */
export const GET = route({ auth: "public" }, async () =>
  Response.json(
    { live: true, uptimeSeconds: Math.round(process.uptime()) },
    { headers: { "Cache-Control": "no-store" } },
  ),
);
