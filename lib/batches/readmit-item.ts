import { failureColumns, failureOf, isStudioError, type Failure, type StudioError } from "../errors";
import { admitSubmission } from "../spend/budget-check";
import { spenderOf } from "../spend/owner";
import type { TaskDeps } from "../tasks/deps";

/** How long an item waits for an uncertain price in flight before it is looked at again. */
export const PRICE_WAIT_MS = 10_000;

export type Readmission =
  { admitted: true; release: () => Promise<void> } | { admitted: false; state: "held_budget" | "planned" };

/**
 * The owner's budget, checked again right before an item is sent (the batch was admitted as a
 * whole when it was created, but prices and other spend change while it runs). Not the submit rate
 * limit: the runner paces its own sends. The item is already claimed ("sending").
 * - Over the budget: this item and every planned item of its batch become "held_budget", never
 *   sent until the user resumes the batch (resume-batch.ts).
 * - Uncertain price while another of the owner's is in flight: the item goes back to the plan and
 *   is looked at again in PRICE_WAIT_MS.
 */
export async function readmitItem(
  deps: TaskDeps,
  item: { id: string; batchId: string; model: string; body: string; attempts: number },
  userId: string | null,
): Promise<Readmission> {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(item.body) as Record<string, unknown>;
  } catch {
    body = {};
  }
  try {
    const release = await admitSubmission(deps.db, spenderOf(userId), [{ model: item.model, body }], {
      limiter: null,
      now: deps.now,
      batchItemId: item.id,
    });
    return { admitted: true, release };
  } catch (error) {
    if (!isStudioError(error) || error.code !== "budget_exceeded") {
      // The check itself failed (the database busy): the item was not sent; plan it again shortly.
      const detail = String((error as Error)?.message);
      await backToPlan(deps, item, {
        code: "batch_budget_check_failed",
        message: `Not sent yet: the budget check failed (${detail}).`,
        params: { detail },
      });
      return { admitted: false, state: "planned" };
    }
    if (error.details.reason === "price_uncertain") {
      await backToPlan(deps, item, {
        code: "batch_waiting_for_price",
        message: `Waiting: ${error.message}`,
        params: { cause: failureOf(error) },
      });
      return { admitted: false, state: "planned" };
    }
    await hold(deps, item, error);
    return { admitted: false, state: "held_budget" };
  }
}

async function backToPlan(
  deps: TaskDeps,
  item: { id: string; attempts: number },
  failure: Failure,
): Promise<void> {
  await deps.db.batchItem.updateMany({
    where: { id: item.id, state: "sending" },
    // Not a failed attempt: the upstream was not called.
    data: {
      state: "planned",
      sendingAt: null,
      attempts: item.attempts,
      ...failureColumns(failure),
      nextAttemptAt: new Date(deps.now() + PRICE_WAIT_MS),
    },
  });
}

async function hold(
  deps: TaskDeps,
  item: { id: string; batchId: string; attempts: number },
  error: StudioError,
) {
  const held = failureColumns({
    code: "batch_held_budget",
    message: `Held: ${error.message} Nothing more of this batch is sent until you resume it.`,
    params: { cause: failureOf(error) },
  });
  await deps.db.$transaction([
    deps.db.batchItem.updateMany({
      where: { id: item.id, state: "sending" },
      data: { state: "held_budget", sendingAt: null, attempts: item.attempts, ...held },
    }),
    deps.db.batchItem.updateMany({
      where: { batchId: item.batchId, state: "planned" },
      data: { state: "held_budget", ...held },
    }),
  ]);
  deps.log.info(`[batches] batch ${item.batchId} held by its owner's budget: ${error.message}`);
}
