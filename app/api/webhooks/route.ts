import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { createWebhookSchema } from "@/lib/webhooks/schema";

export const dynamic = "force-dynamic";

// Session only, as tokens are (docs/decisions/webhooks.md): an endpoint is a standing channel
// for every event, so a leaked API token must not be able to open one or read a secret.
const noStore = { "Cache-Control": "no-store" };

/** GET: the viewer's endpoints (admins: all, global ones included); never their secrets. */
export const GET = route({ auth: "user", credential: "session" }, async ({ user }) => {
  return Response.json({ endpoints: await listEndpoints(db(), user) }, { headers: noStore });
});

/** POST { url, events, description?, global? }: the answer's `secret` is the only time it is shown. */
export const POST = route({ auth: "user", credential: "session" }, async ({ request, user }) => {
  const input = createWebhookSchema.parse(await readJson(request));
  return Response.json(await createEndpoint(db(), user, input), { status: 201, headers: noStore });
});
