import { z } from "zod";
import { createConversation, listConversations } from "@/lib/chat/conversations";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route(
  { auth: "user", search: z.object({ q: z.string().optional() }) },
  async ({ searchParams, user }) =>
    Response.json({ conversations: await listConversations(db(), user, { q: searchParams.q }) }),
);

export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const body = request.headers.get("content-length") === "0" ? {} : await readJson(request);
  return Response.json(await createConversation(db(), user, body), { status: 201 });
});
