import { createConversation, listConversations } from "@/lib/chat/conversations";
import { db } from "@/lib/db";
import { handler, readJson } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export const GET = handler(async (request: Request) => {
  const q = new URL(request.url).searchParams.get("q") ?? undefined;
  return Response.json({ conversations: await listConversations(db(), { q }) });
});

export const POST = handler(async (request: Request) => {
  const body = request.headers.get("content-length") === "0" ? {} : await readJson(request);
  return Response.json(await createConversation(db(), body), { status: 201 });
});
