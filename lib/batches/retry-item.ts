import { z } from "zod";
import { ownedBy, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { failureColumns, StudioError } from "../errors";
import { admitSubmission, type AdmitOptions } from "../spend/budget-check";
import { spenderOf } from "../spend/owner";

export const retryItemSchema = z.strictObject({
  /** Required to send an item whose outcome is unknown: the upstream may already have its task. */
  acknowledgeDuplicate: z.boolean({ error: "must be true or false" }).optional(),
});

/**
 * Puts one item back in the plan, for the runner to send: a rejected item, a sent item whose task
 * failed, or — only with `acknowledgeDuplicate` — an item whose outcome is unknown (the upstream
 * may create and bill a second task). A failed task stays in the gallery as an earlier attempt.
 * A retry is a submit: with `check`, the owner's rate limit and budget admit it first (429 / 402,
 * nothing changed), and the runner checks the budget again right before it sends it.
 */
export async function retryBatchItem(
  db: Db,
  viewer: Viewer,
  batchId: string,
  itemId: string,
  options: z.infer<typeof retryItemSchema>,
  now: Date = new Date(),
  check?: AdmitOptions,
): Promise<void> {
  const item = await db.batchItem.findFirst({
    where: { id: itemId, batchId, batch: ownedBy(viewer) },
    select: {
      state: true,
      taskId: true,
      index: true,
      model: true,
      body: true,
      batch: { select: { userId: true } },
    },
  });
  if (!item) throw new StudioError("not_found", `Batch ${batchId} has no item ${itemId}.`);
  const name = `Item ${item.index + 1}`;
  switch (item.state) {
    case "rejected":
      break;
    case "sent": {
      const task = item.taskId
        ? await db.task.findUnique({ where: { id: item.taskId }, select: { status: true } })
        : null;
      if (task?.status !== "failed")
        throw new StudioError(
          "conflict",
          task
            ? `${name} is ${task.status}; only a failed task is retried.`
            : `${name}'s task was deleted from the gallery; it is not sent again.`,
        );
      break;
    }
    case "outcome_unknown":
      if (!options.acknowledgeDuplicate)
        throw new StudioError(
          "conflict",
          `${name} may already have created a task upstream (and may be billed for it). Send it again only ` +
            `after checking the upstream, with "acknowledgeDuplicate": true.`,
        );
      break;
    case "held_budget":
      throw new StudioError("conflict", `${name} is held by the budget; resume the batch to send it.`);
    default:
      throw new StudioError(
        "conflict",
        `${name} is ${item.state === "planned" ? "not sent yet" : "being sent"}.`,
      );
  }
  const release = check
    ? await admitSubmission(
        db,
        spenderOf(item.batch.userId),
        [{ model: item.model, body: JSON.parse(item.body) as Record<string, unknown> }],
        { ...check, stage: "plan" },
      )
    : undefined;
  const updated = await db.batchItem.updateMany({
    where: { id: itemId, state: item.state, taskId: item.taskId },
    data: {
      state: "planned",
      taskId: null,
      ...failureColumns(null),
      nextAttemptAt: now,
      sendingAt: null,
      sentAt: null,
    },
  });
  await release?.();
  if (!updated.count) throw new StudioError("conflict", `${name} changed meanwhile; reload and try again.`);
}
