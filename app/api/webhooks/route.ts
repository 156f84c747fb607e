import { audit } from "@/lib/audit/record";
import { webhookEntry } from "@/lib/audit/targets";
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
  const created = await createEndpoint(db(), user, input);
  await audit(
    db(),
    webhookEntry(user, request.headers, "create", created, { events: input.events, global: !!input.global }),
  );
  return Response.json(created, { status: 201, headers: noStore });
});
