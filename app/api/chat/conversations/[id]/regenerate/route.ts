import { chatStreamResponse } from "@/lib/chat/relay";
import { regenerateAnswer } from "@/lib/chat/send";
import { db } from "@/lib/db";
import { handler } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export const POST = handler(async (request: Request, { params }: { params: Promise<{ id: string }> }) =>
  chatStreamResponse(await regenerateAnswer(db(), (await params).id, { signal: request.signal })),
);
