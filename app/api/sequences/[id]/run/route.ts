import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";
import { getSequence } from "@/lib/sequences/read-sequence";
import { cancelSequence, runSequence } from "@/lib/sequences/run";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const noStore = { "Cache-Control": "no-store" };

/** Runs the shots not sent yet, admitted as a whole against the owner's budget (402 otherwise). */
export const POST = route({ auth: "user", params: idParams }, async ({ params, user }) => {
  await runSequence(db(), user, params.id, {});
  return Response.json(await getSequence(db(), user, params.id), { status: 202, headers: noStore });
});

/** Cancels the run: nothing more is sent; takes already sent keep running. */
export const DELETE = route({ auth: "user", params: idParams }, async ({ params, user }) => {
  await cancelSequence(db(), user, params.id);
  return Response.json(await getSequence(db(), user, params.id), { headers: noStore });
});
