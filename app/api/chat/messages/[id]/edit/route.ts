import { chatStreamResponse } from "@/lib/chat/relay";
import { editAndResend } from "@/lib/chat/send";
import { editMessageSchema } from "@/lib/chat/send-schema";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const { text } = editMessageSchema.parse(await readJson(request));
  return chatStreamResponse(await editAndResend(db(), user, params.id, text, { signal: request.signal }));
});
