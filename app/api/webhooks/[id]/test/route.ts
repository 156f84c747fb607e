import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";
import { emitTestEvent } from "@/lib/webhooks/emit";
import { getEndpoint } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

/** POST: queues a webhook.test delivery to this endpoint; its outcome shows in the log. */
export const POST = route(
  { auth: "user", credential: "session", params: idParams },
  async ({ user, params }) => {
    const endpoint = await getEndpoint(db(), user, params.id);
    return Response.json(await emitTestEvent(db(), endpoint.id), { status: 202 });
  },
);
