import { z } from "zod";
import { db } from "@/lib/db";
import { route } from "@/lib/http/route";
import { getSequence } from "@/lib/sequences/read-sequence";
import { retryShot } from "@/lib/sequences/run";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const noStore = { "Cache-Control": "no-store" };
const shotParams = z.object({ id: z.string().min(1), shotId: z.string().min(1) });

/** New takes for this shot (admitted against the budget), and the run continues. */
export const POST = route({ auth: "user", params: shotParams }, async ({ params, user }) => {
  await retryShot(db(), user, params.id, params.shotId, {});
  return Response.json(await getSequence(db(), user, params.id), { status: 202, headers: noStore });
});
