import { ownedBy, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { failureColumns, StudioError } from "../errors";
import { admitSubmission, type AdmitOptions } from "../spend/budget-check";
import { spenderOf } from "../spend/owner";

/**
 * Puts a batch's items held by the budget ("held_budget") back in the plan, when the owner asks
 * (POST /api/batches/{id}/resume): never on its own, so nothing is sent behind the user's back
 * after a raise or a new day. The next item must fit the owner's budget now (rate limit and budget,
 * as a submit: 429 / 402 with the numbers, nothing changed); the runner checks every item again
 * right before sending it and holds the rest again at the limit.
 */
export async function resumeBatch(
  db: Db,
  viewer: Viewer,
  batchId: string,
  check: AdmitOptions = {},
  now: Date = new Date(),
): Promise<{ resumed: number }> {
  const batch = await db.batch.findFirst({
    where: { id: batchId, ...ownedBy(viewer) },
    select: { userId: true },
  });
  if (!batch) throw new StudioError("not_found", `No batch ${batchId}.`);
  const next = await db.batchItem.findFirst({
    where: { batchId, state: "held_budget" },
    orderBy: { index: "asc" },
    select: { model: true, body: true },
  });
  if (!next) throw new StudioError("conflict", "No item of this batch is held by the budget.");
  const release = await admitSubmission(
    db,
    spenderOf(batch.userId),
    [{ model: next.model, body: JSON.parse(next.body) as Record<string, unknown> }],
    { ...check, stage: "plan" },
  );
  try {
    const resumed = await db.batchItem.updateMany({
      where: { batchId, state: "held_budget" },
      data: { state: "planned", ...failureColumns(null), nextAttemptAt: now },
    });
    return { resumed: resumed.count };
  } finally {
    await release();
  }
}
