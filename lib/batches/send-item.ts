import { failureColumns, type Failure } from "../errors";
import type { TaskDeps } from "../tasks/deps";
import { submitTask } from "../tasks/submit-task";
import { readmitItem } from "./readmit-item";
import { sendVerdict } from "./send-verdict";
import { emitIfBatchCompleted } from "../webhooks/task-events";

export type BatchBackoff = { firstMs: number; maxMs: number };

export type SendResult = {
  itemId: string;
  state: "sent" | "planned" | "rejected" | "outcome_unknown" | "held_budget";
  /** The upstream was not called (held by the budget, or waiting for an uncertain price). */
  notSent?: true;
};

/** Wait before the next try of an item whose send never left: 1×, 3×, 9× … the first, capped. */
function backoffMs(attempts: number, backoff: BatchBackoff): number {
  return Math.min(backoff.maxMs, backoff.firstMs * 3 ** Math.max(0, attempts - 1));
}

/** Why an item is back in the plan: the send's failure, and when it is tried again. */
function notSentYet(cause: Failure, retryInMs: number): Failure {
  const seconds = Math.ceil(retryInMs / 1000);
  return {
    code: "batch_not_sent_yet",
    message: `Not sent yet: ${cause.message} Trying again in ${seconds} s.`,
    params: { cause, seconds },
  };
}

/**
 * Sends one planned item, exactly once: the item is claimed (planned → sending) in the database
 * before the upstream is called, and the task row the send creates carries the item's id. If the
 * process dies in between, the item is found in "sending" afterwards and settled by
 * settleInterruptedSends — sent when its task row exists, otherwise "outcome unknown" — never
 * sent again on its own. Returns null when another runner claimed the item first.
 */
export async function sendBatchItem(
  deps: TaskDeps,
  item: { id: string; batchId: string; model: string; body: string; attempts: number },
  backoff: BatchBackoff,
): Promise<SendResult | null> {
  const now = new Date(deps.now());
  const claimed = await deps.db.batchItem.updateMany({
    where: { id: item.id, state: "planned" },
    data: { state: "sending", sendingAt: now, attempts: { increment: 1 } },
  });
  if (claimed.count === 0) return null;

  // The budget is checked where the money is spent: right before each send (readmit-item.ts).
  let batch: { userId: string | null } | null;
  let admission: Awaited<ReturnType<typeof readmitItem>>;
  try {
    batch = await deps.db.batch.findUnique({ where: { id: item.batchId }, select: { userId: true } });
    admission = await readmitItem(deps, item, batch?.userId ?? null);
  } catch (error) {
    // The database failed before the upstream was called: nothing exists there, so the item goes
    // back to the plan (if even that write fails it stays "sending" and is settled later).
    const retryIn = backoffMs(item.attempts + 1, backoff);
    const { failure } = sendVerdict(error, { upstreamCalled: false });
    await deps.db.batchItem
      .updateMany({
        where: { id: item.id, state: "sending" },
        data: {
          state: "planned",
          sendingAt: null,
          attempts: item.attempts,
          ...failureColumns(notSentYet(failure, retryIn)),
          nextAttemptAt: new Date(deps.now() + retryIn),
        },
      })
      .catch(() => undefined);
    return { itemId: item.id, state: "planned", notSent: true };
  }
  if (!admission.admitted) return { itemId: item.id, state: admission.state, notSent: true };

  let update: { state: SendResult["state"]; data: Record<string, unknown> };
  try {
    // The batch's tasks are its owner's (docs/decisions/ownership.md).
    const task = await submitTask(JSON.parse(item.body), deps, {
      userId: batch?.userId ?? null,
      batchId: item.batchId,
      batchItemId: item.id,
    });
    update = {
      state: "sent",
      data: { taskId: task.id, sentAt: new Date(deps.now()), ...failureColumns(null) },
    };
  } catch (error) {
    const verdict = sendVerdict(error);
    const retryIn = backoffMs(item.attempts + 1, backoff);
    update = {
      state: verdict.state,
      data:
        verdict.state === "planned"
          ? {
              ...failureColumns(notSentYet(verdict.failure, retryIn)),
              nextAttemptAt: new Date(deps.now() + retryIn),
            }
          : failureColumns(verdict.failure),
    };
    if (verdict.state === "outcome_unknown")
      deps.log.warn(
        `[batches] item ${item.id} of batch ${item.batchId}: outcome unknown: ${verdict.failure.message}`,
      );
  } finally {
    // The task row (if any) now counts the spend; the reservation only covered the send.
    await admission.release();
  }
  // If this write fails the item stays "sending"; settleInterruptedSends finds its task row later.
  // Only while still "sending": a claim that was settled meanwhile (its lease, staleSendingMs, ran
  // out) is no longer this runner's to write.
  await deps.db.batchItem.updateMany({
    where: { id: item.id, state: "sending" },
    data: { state: update.state, ...update.data },
  });
  if (update.state === "rejected") await emitIfBatchCompleted(deps.db, item.batchId, batch?.userId ?? null);
  return { itemId: item.id, state: update.state };
}
