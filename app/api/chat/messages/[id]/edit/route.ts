import { chatStreamResponse } from "@/lib/chat/relay";
import { editAndResend } from "@/lib/chat/send";
import { editMessageSchema } from "@/lib/chat/send-schema";
import { db } from "@/lib/db";
import { handler, readJson } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export const POST = handler(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { text } = editMessageSchema.parse(await readJson(request));
  return chatStreamResponse(await editAndResend(db(), (await params).id, text, { signal: request.signal }));
});
