import { chatStreamResponse } from "@/lib/chat/relay";
import { regenerateAnswer } from "@/lib/chat/send";
import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "user", params: idParams }, async ({ request, params, user }) =>
  chatStreamResponse(await regenerateAnswer(db(), user, params.id, { signal: request.signal })),
);
