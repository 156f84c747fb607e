import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";
import { getSequence } from "@/lib/sequences/read-sequence";
import { addShot } from "@/lib/sequences/shots";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const noStore = { "Cache-Control": "no-store" };

/** Adds a shot at the end: { model, body, takes, chained }. */
export const POST = route({ auth: "user", params: idParams }, async ({ params, request, user }) => {
  await addShot(db(), user, params.id, await readJson(request));
  return Response.json(await getSequence(db(), user, params.id), { status: 201, headers: noStore });
});
