import { z } from "zod";
import { getBatch } from "@/lib/batches/read-batches";
import { retryBatchItem, retryItemSchema } from "@/lib/batches/retry-item";
import { wakeBatchRunner } from "@/lib/batches/runner";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const paramsSchema = z.object({ id: z.string().min(1), itemId: z.string().min(1) });

/**
 * Plans one item again: a rejected item or a failed task; an item whose outcome is unknown only
 * with `{ "acknowledgeDuplicate": true }` (409 otherwise); otherwise the body is `{}`. Counted as a
 * submit: rate limit (429) and budget (402) first.
 */
export const POST = route({ auth: "user", params: paramsSchema }, async ({ request, params, user }) => {
  const options = retryItemSchema.parse(await readJson(request));
  // A retry is a submit: the rate limit and the owner's budget admit it (429 / 402).
  await retryBatchItem(db(), user, params.id, params.itemId, options, new Date(), {});
  wakeBatchRunner();
  return Response.json(await getBatch(db(), user, params.id), { headers: { "Cache-Control": "no-store" } });
});
