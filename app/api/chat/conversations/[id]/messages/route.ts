// The thread (GET) and sending a message (POST), answered as a stream of chat events.
import { getConversationDetail } from "@/lib/chat/conversations";
import { chatStreamResponse } from "@/lib/chat/relay";
import { sendMessage } from "@/lib/chat/send";
import { sendMessageSchema } from "@/lib/chat/send-schema";
import { db } from "@/lib/db";
import { handler, readJson } from "@/lib/http/respond";

export const dynamic = "force-dynamic";
type Context = { params: Promise<{ id: string }> };

export const GET = handler(async (_request: Request, { params }: Context) => {
  const { messages } = await getConversationDetail(db(), (await params).id);
  return Response.json({ messages });
});

export const POST = handler(async (request: Request, { params }: Context) => {
  const input = sendMessageSchema.parse(await readJson(request));
  const stream = await sendMessage(db(), (await params).id, input, { signal: request.signal });
  return chatStreamResponse(stream);
});
