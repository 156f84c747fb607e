import { audit } from "@/lib/audit/record";
import { webhookEntry } from "@/lib/audit/targets";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";
import { deleteEndpoint, getEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";
import { updateWebhookSchema } from "@/lib/webhooks/schema";

export const dynamic = "force-dynamic";

const noStore = { "Cache-Control": "no-store" };

export const GET = route(
  { auth: "user", credential: "session", params: idParams },
  async ({ user, params }) => Response.json(await getEndpoint(db(), user, params.id), { headers: noStore }),
);

/** PATCH { url?, events?, description?, enabled? }: enabling again clears an automatic disable. */
export const PATCH = route(
  { auth: "user", credential: "session", params: idParams },
  async ({ request, user, params }) => {
    const input = updateWebhookSchema.parse(await readJson(request));
    const updated = await updateEndpoint(db(), user, params.id, input);
    await audit(db(), webhookEntry(user, request.headers, "update", updated, { ...input }));
    return Response.json(updated, { headers: noStore });
  },
);

export const DELETE = route(
  { auth: "user", credential: "session", params: idParams },
  async ({ request, user, params }) => {
    const endpoint = await getEndpoint(db(), user, params.id);
    await deleteEndpoint(db(), user, params.id);
    await audit(db(), webhookEntry(user, request.headers, "delete", endpoint));
    return new Response(null, { status: 204 });
  },
);
