import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";
import { rotateSecret } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

/** POST: a new signing secret, shown this once; the old one no longer signs. */
export const POST = route(
  { auth: "user", credential: "session", params: idParams },
  async ({ user, params }) =>
    Response.json(await rotateSecret(db(), user, params.id), { headers: { "Cache-Control": "no-store" } }),
);
