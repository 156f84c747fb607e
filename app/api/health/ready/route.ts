import { currentHealth } from "@/lib/health/current-health";
import { readiness } from "@/lib/health/readiness";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * Readiness for load balancers and orchestrators: 200 while the database and the media store
 * answer, 503 naming the one that does not (the same shared check as /api/health).
 */
export const GET = route({ auth: "public" }, async () => {
  const ready = readiness(await currentHealth());
  return Response.json(ready, {
    status: ready.ready ? 200 : 503,
    headers: { "Cache-Control": "no-store", ...(ready.ready ? {} : { "Retry-After": "5" }) },
  });
});
