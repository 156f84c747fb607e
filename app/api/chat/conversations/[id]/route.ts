import { deleteConversation, getConversationDetail, updateConversation } from "@/lib/chat/conversations";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "user", params: idParams }, async ({ params, user }) =>
  Response.json(await getConversationDetail(db(), user, params.id)),
);

export const PATCH = route({ auth: "user", params: idParams }, async ({ request, params, user }) =>
  Response.json(await updateConversation(db(), user, params.id, await readJson(request))),
);

export const DELETE = route({ auth: "user", params: idParams }, async ({ params, user }) => {
  await deleteConversation(db(), user, params.id);
  return new Response(null, { status: 204 });
});
