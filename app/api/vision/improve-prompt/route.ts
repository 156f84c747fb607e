import { ownerOf } from "@/lib/auth/scope";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { improvePrompt } from "@/lib/vision/improve-prompt";
import { improvePromptSchema } from "@/lib/vision/improve-schema";

/**
 * A better prompt proposed by the text model within the model's limits; nothing is submitted.
 * Admitted and counted like a chat answer (rate limit, text budget, ledger source "vision").
 */
export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const input = improvePromptSchema.parse(await readJson(request));
  return Response.json(await improvePrompt(db(), ownerOf(user), input), {
    headers: { "Cache-Control": "no-store" },
  });
});
