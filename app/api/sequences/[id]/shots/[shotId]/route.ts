import { z } from "zod";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { getSequence } from "@/lib/sequences/read-sequence";
import { removeShot, updateShot } from "@/lib/sequences/shots";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const noStore = { "Cache-Control": "no-store" };
const shotParams = z.object({ id: z.string().min(1), shotId: z.string().min(1) });

/** Changes a shot: model, body, takes, chained, index (move), trimIn, trimOut, muted. */
export const PATCH = route({ auth: "user", params: shotParams }, async ({ params, request, user }) => {
  await updateShot(db(), user, params.id, params.shotId, await readJson(request));
  return Response.json(await getSequence(db(), user, params.id), { headers: noStore });
});

export const DELETE = route({ auth: "user", params: shotParams }, async ({ params, user }) => {
  await removeShot(db(), user, params.id, params.shotId);
  return Response.json(await getSequence(db(), user, params.id), { headers: noStore });
});
