import { createBatch } from "@/lib/batches/create-batch";
import { getBatch, listBatches, listBatchesQuery } from "@/lib/batches/read-batches";
import { wakeBatchRunner } from "@/lib/batches/runner";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { readJson } from "@/lib/http/respond";
import { ownerOf } from "@/lib/auth/scope";
import { route } from "@/lib/http/route";
import { mediaCheckOf } from "@/lib/media-inspection/request-check";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const noStore = { "Cache-Control": "no-store" };

/**
 * Plans a batch (README "Batch runs"): every task is validated by the catalog first and nothing is
 * stored or sent unless all are valid, then the files they reference (each distinct URL read once;
 * 400 / 422 media_unverified as for one task, with the same override header), then the submit rate limit and budget for the batch as a
 * whole (429 / 402). Answers 201 with the stored batch; the runner sends it.
 */
export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const { id } = await createBatch(db(), await readJson(request), {
    defaultIntervalMs: env().batchIntervalMs,
    userId: ownerOf(user),
    check: {},
    media: mediaCheckOf(request, user),
  });
  wakeBatchRunner();
  return Response.json(await getBatch(db(), user, id), { status: 201, headers: noStore });
});

/** GET /api/batches?cursor=&limit=1..100 — newest first, with counts per state. */
export const GET = route({ auth: "user", search: listBatchesQuery }, async ({ searchParams, user }) =>
  Response.json(await listBatches(db(), user, searchParams), { headers: noStore }),
);
