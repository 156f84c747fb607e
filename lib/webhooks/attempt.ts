import type { Db } from "../db";
import { failureColumns } from "../errors";
import type { FetchPolicy } from "../net/safe-fetch";
import { disabledAfterFailures } from "./failures";
import { DISABLE_AFTER_FAILED_ATTEMPTS, disableAfterMs, retryDelayMs } from "./schedule";
import { sendWebhook } from "./send";

export type AttemptOptions = {
  policy: FetchPolicy;
  timeoutMs: number;
  retryScale: number;
  now: () => number;
};

/** A delivery this worker holds: `leaseUntil` is also its holder token (no two claims share it). */
export type Claimed = { id: string; leaseUntil: Date };

/**
 * One attempt of a claimed delivery: send, log it, and move the delivery on — delivered; pending
 * again after the schedule's next delay; or failed when the schedule is spent. Written only while
 * the lease is still ours, so an attempt that outlived its lease cannot overwrite a newer one.
 */
export async function attemptDelivery(db: Db, claimed: Claimed, options: AttemptOptions): Promise<void> {
  const delivery = await db.webhookDelivery.findUnique({
    where: { id: claimed.id },
    select: { id: true, payload: true, attempts: true, endpoint: true },
  });
  if (!delivery) return;
  const { endpoint } = delivery;
  if (!endpoint.enabled) {
    await db.webhookDelivery.updateMany({ where: holding(claimed), data: { leaseUntil: null } });
    return;
  }
  const at = new Date(options.now());
  const result = await sendWebhook(endpoint, delivery, {
    policy: options.policy,
    timeoutMs: options.timeoutMs,
    now: at,
  });
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const attempts = delivery.attempts + 1;
  const done = new Date(options.now());
  const delay = ok ? null : retryDelayMs(attempts, options.retryScale);
  await db.$transaction(async (tx) => {
    const { error, ...logged } = result;
    await tx.webhookAttempt.create({
      data: { deliveryId: delivery.id, at, ...logged, ...failureColumns(error, "error") },
    });
    const moved = await tx.webhookDelivery.updateMany({
      where: holding(claimed),
      data: ok
        ? { state: "delivered", attempts, deliveredAt: done, leaseUntil: null }
        : {
            state: delay === null ? "failed" : "pending",
            attempts,
            nextAttemptAt: new Date(done.getTime() + (delay ?? 0)),
            leaseUntil: null,
          },
    });
    if (moved.count === 0) return; // the lease ran out meanwhile: the attempt is logged, no more
    if (ok) {
      await tx.webhookEndpoint.updateMany({
        where: { id: endpoint.id, failingSince: { not: null } },
        data: { failingSince: null },
      });
      return;
    }
    const since = endpoint.failingSince ?? at;
    if (!endpoint.failingSince) {
      await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: at } });
    }
    const failedInARow = await tx.webhookAttempt.count({
      where: { delivery: { endpointId: endpoint.id }, at: { gte: since } },
    });
    const longEnough = done.getTime() - since.getTime() >= disableAfterMs(options.retryScale);
    if (error && (longEnough || failedInARow >= DISABLE_AFTER_FAILED_ATTEMPTS)) {
      const reason = disabledAfterFailures(done, error, longEnough ? { since } : { attempts: failedInARow });
      await tx.webhookEndpoint.update({
        where: { id: endpoint.id },
        data: { enabled: false, ...failureColumns(reason, "disabledReason") },
      });
    }
  });
}

function holding(claimed: Claimed) {
  return { id: claimed.id, leaseUntil: claimed.leaseUntil };
}
