// The thread (GET) and sending a message (POST), answered as a stream of chat events.
import { getConversationDetail } from "@/lib/chat/conversations";
import { chatStreamResponse } from "@/lib/chat/relay";
import { sendMessage } from "@/lib/chat/send";
import { sendMessageSchema } from "@/lib/chat/send-schema";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "user", params: idParams }, async ({ params, user }) => {
  const { messages } = await getConversationDetail(db(), user, params.id);
  return Response.json({ messages });
});

export const POST = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const input = sendMessageSchema.parse(await readJson(request));
  const stream = await sendMessage(db(), user, params.id, input, { signal: request.signal });
  return chatStreamResponse(stream);
});
