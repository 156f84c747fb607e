import { getBatch } from "@/lib/batches/read-batches";
import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** The batch with every item: its send state, its task (status, progress, results) and what may be retried. */
export const GET = route({ auth: "user", params: idParams }, async ({ params, user }) =>
  Response.json(await getBatch(db(), user, params.id), { headers: { "Cache-Control": "no-store" } }),
);
