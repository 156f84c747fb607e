import { getBatch } from "@/lib/batches/read-batches";
import { resumeBatch } from "@/lib/batches/resume-batch";
import { wakeBatchRunner } from "@/lib/batches/runner";
import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * Resumes the items the budget held ("held_budget"): the next must fit the owner's budget now
 * (402 with the numbers, 429 over the submit rate; nothing changed), then the runner sends them,
 * checking each again. 409 when nothing is held. Answers the batch.
 */
export const POST = route({ auth: "user", params: idParams }, async ({ params, user }) => {
  await resumeBatch(db(), user, params.id, {});
  wakeBatchRunner();
  return Response.json(await getBatch(db(), user, params.id), { headers: { "Cache-Control": "no-store" } });
});
