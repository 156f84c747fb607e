import { z } from "zod";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { getSequence } from "@/lib/sequences/read-sequence";
import { pickSchema } from "@/lib/sequences/schema";
import { pickTake } from "@/lib/sequences/shots";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const noStore = { "Cache-Control": "no-store" };
const shotParams = z.object({ id: z.string().min(1), shotId: z.string().min(1) });

/** Picks the take for the film (and for a chained next shot): { taskId }. */
export const POST = route({ auth: "user", params: shotParams }, async ({ params, request, user }) => {
  const { taskId } = pickSchema.parse(await readJson(request));
  await pickTake(db(), user, params.id, params.shotId, taskId);
  return Response.json(await getSequence(db(), user, params.id), { headers: noStore });
});
