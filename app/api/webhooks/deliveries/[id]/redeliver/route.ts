import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";
import { redeliver } from "@/lib/webhooks/deliveries";

export const dynamic = "force-dynamic";

/** POST: the same delivery (same webhook-id and bytes) is due again now. */
export const POST = route(
  { auth: "user", credential: "session", params: idParams },
  async ({ user, params }) => Response.json(await redeliver(db(), user, params.id), { status: 202 }),
);
