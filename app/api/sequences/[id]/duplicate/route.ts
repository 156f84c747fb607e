import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";
import { getSequence } from "@/lib/sequences/read-sequence";
import { duplicateSequence } from "@/lib/sequences/sequences";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const noStore = { "Cache-Control": "no-store" };

/** A copy of the storyboard, without its takes. */
export const POST = route({ auth: "user", params: idParams }, async ({ params, user }) => {
  const { id } = await duplicateSequence(db(), user, params.id);
  return Response.json(await getSequence(db(), user, id), { status: 201, headers: noStore });
});
