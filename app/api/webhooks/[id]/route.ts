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
    return Response.json(await updateEndpoint(db(), user, params.id, input), { headers: noStore });
  },
);

export const DELETE = route(
  { auth: "user", credential: "session", params: idParams },
  async ({ user, params }) => {
    await deleteEndpoint(db(), user, params.id);
    return new Response(null, { status: 204 });
  },
);
