import { z } from "zod";
import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";
import { listDeliveries } from "@/lib/webhooks/deliveries";

export const dynamic = "force-dynamic";

const search = z.object({
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** GET ?cursor&limit: the endpoint's delivery log, newest first, with each delivery's attempts. */
export const GET = route(
  { auth: "user", credential: "session", params: idParams, search },
  async ({ user, params, searchParams }) =>
    Response.json(await listDeliveries(db(), user, params.id, searchParams), {
      headers: { "Cache-Control": "no-store" },
    }),
);
