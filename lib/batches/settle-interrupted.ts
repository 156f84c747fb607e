import { failureColumns, type Failure } from "../errors";
import type { TaskDeps } from "../tasks/deps";

export const INTERRUPTED_MESSAGE =
  "The studio stopped while sending this item, before the upstream's answer was stored. The upstream " +
  "may have created the task (and may bill for it), so it is not sent again automatically: check the " +
  "upstream's task list or usage, then send it again here if it is missing.";

const INTERRUPTED: Failure = { code: "batch_send_interrupted", message: INTERRUPTED_MESSAGE };

/**
 * Items left in "sending" by a process that stopped mid-send. A task row carrying the item's id was
 * stored, so the send went through: the item is sent (whichever process sent it, and at once).
 * Otherwise the upstream may or may not have the task: once the send is older than `sendingBefore`
 * (the runner's `staleSendingMs`, longer than any live send takes; every one when not given), the
 * item becomes "outcome_unknown" and is only sent again when the user says so. A younger send may
 * belong to another studio process still waiting for the upstream's answer: it is left alone.
 */
export async function settleInterruptedSends(
  deps: TaskDeps,
  options: { sendingBefore?: Date; except?: string[] } = {},
): Promise<{ sent: number; unknown: number }> {
  const items = await deps.db.batchItem.findMany({
    where: {
      state: "sending",
      ...(options.except?.length ? { id: { notIn: options.except } } : {}),
    },
    select: { id: true, batchId: true, sendingAt: true },
  });
  let sent = 0;
  let unknown = 0;
  for (const item of items) {
    const task = await deps.db.task.findFirst({
      where: { batchItemId: item.id, ...(item.sendingAt ? { submittedAt: { gte: item.sendingAt } } : {}) },
      orderBy: { submittedAt: "desc" },
      select: { id: true, submittedAt: true },
    });
    const stale = !options.sendingBefore || !item.sendingAt || item.sendingAt < options.sendingBefore;
    if (!task && !stale) continue;
    const settled = await deps.db.batchItem.updateMany({
      where: { id: item.id, state: "sending" },
      data: task
        ? { state: "sent", taskId: task.id, sentAt: task.submittedAt, ...failureColumns(null) }
        : { state: "outcome_unknown", ...failureColumns(INTERRUPTED) },
    });
    if (!settled.count) continue;
    if (task) sent++;
    else {
      unknown++;
      deps.log.warn(
        `[batches] item ${item.id} of batch ${item.batchId} was being sent when the studio stopped: outcome unknown.`,
      );
    }
  }
  return { sent, unknown };
}
