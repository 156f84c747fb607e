import { deleteConversation, getConversationDetail, updateConversation } from "@/lib/chat/conversations";
import { db } from "@/lib/db";
import { handler, readJson } from "@/lib/http/respond";

export const dynamic = "force-dynamic";
type Context = { params: Promise<{ id: string }> };

export const GET = handler(async (_request: Request, { params }: Context) =>
  Response.json(await getConversationDetail(db(), (await params).id)),
);

export const PATCH = handler(async (request: Request, { params }: Context) =>
  Response.json(await updateConversation(db(), (await params).id, await readJson(request))),
);

export const DELETE = handler(async (_request: Request, { params }: Context) => {
  await deleteConversation(db(), (await params).id);
  return new Response(null, { status: 204 });
});
