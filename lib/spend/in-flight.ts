import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { RUNNING_STATUSES } from "../tasks/status";
import { EstimateCache, estimateTask, parseBody } from "./estimate";
import { batchIdsOf, ownedTasksWhere } from "./owner";

/**
 * What of a user's is being sent or running with an uncertain price: running tasks the upstream
 * has not priced yet whose estimate is uncertain, batch items being sent with one, and admitted
 * submits of uncertain price not stored yet. With a budget, one such task at a time: its real
 * price becomes history (and the next estimate certain) before another uncertain one is sent, so
 * at most one task's cost can be misjudged when the limit is reached.
 */
export async function uncertainInFlight(
  db: Prisma.TransactionClient,
  userId: string,
  now: number,
  cache: EstimateCache,
  exceptItem?: string,
): Promise<number> {
  const [tasks, batches, reserved] = await Promise.all([
    db.task.findMany({
      where: { AND: [ownedTasksWhere(userId), { amount: null, status: { in: [...RUNNING_STATUSES] } }] },
      select: { model: true, request: true },
    }),
    batchIdsOf(db, userId),
    db.$queryRaw<{ n: number | bigint }[]>`
      SELECT COUNT(*) AS "n" FROM "BudgetReservation"
      WHERE "spender" = ${userId} AND "expiresAt" > ${now} AND "uncertain" = ${true}`,
  ]);
  let count = Number(reserved[0]?.n ?? 0);
  for (const task of tasks) {
    if ((await estimateTask(db, task.model, parseBody(task.request), cache)).uncertain) count++;
  }
  if (batches.length) {
    const sending = await db.batchItem.findMany({
      where: {
        batchId: { in: batches },
        state: "sending",
        ...(exceptItem ? { id: { not: exceptItem } } : {}),
      },
      select: { model: true, body: true },
    });
    for (const item of sending)
      if ((await estimateTask(db, item.model, parseBody(item.body), cache)).uncertain) count++;
  }
  return count;
}
