import { audit } from "@/lib/audit/record";
import { webhookEntry } from "@/lib/audit/targets";
import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";
import { rotateSecret } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

/** POST: a new signing secret, shown this once; the old one no longer signs. */
export const POST = route(
  { auth: "user", credential: "session", params: idParams },
  async ({ request, user, params }) => {
    const rotated = await rotateSecret(db(), user, params.id);
    await audit(db(), webhookEntry(user, request.headers, "rotate_secret", { id: rotated.id }));
    return Response.json(rotated, { headers: { "Cache-Control": "no-store" } });
  },
);
