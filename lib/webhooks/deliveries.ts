import { keptFailureFields } from "../failure-fields";
import type { Viewer } from "../auth/scope";
import { visibleOr404 } from "../auth/scope";
import type { Db } from "../db";
import { getEndpoint } from "./endpoints";

/** One page of an endpoint's delivery log, newest first, each with its attempts (cursor: an id). */
export async function listDeliveries(
  db: Db,
  viewer: Viewer,
  endpointId: string,
  page: { cursor?: string; limit: number },
) {
  await getEndpoint(db, viewer, endpointId);
  const rows = await db.webhookDelivery.findMany({
    where: { endpointId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: page.limit + 1,
    ...(page.cursor && { cursor: { id: page.cursor }, skip: 1 }),
    select: {
      id: true,
      event: true,
      state: true,
      attempts: true,
      nextAttemptAt: true,
      deliveredAt: true,
      createdAt: true,
      log: {
        orderBy: { at: "desc" },
        take: 10,
        select: {
          id: true,
          at: true,
          status: true,
          latencyMs: true,
          error: true,
          errorCode: true,
          errorParams: true,
          bodyExcerpt: true,
        },
      },
    },
  });
  const more = rows.length > page.limit;
  const items = rows.slice(0, page.limit).map(({ log, ...delivery }) => ({
    ...delivery,
    log: log.map(({ error, errorCode, errorParams, bodyExcerpt, ...attempt }) => ({
      ...attempt,
      ...keptFailureFields({ error, errorCode, errorParams }, "error"),
      bodyExcerpt,
    })),
  }));
  return { items, nextCursor: more ? items[items.length - 1].id : null };
}

/**
 * Redeliver by hand: the same delivery (same webhook-id, same bytes) is due again now, whatever
 * its state. If an attempt is in flight, its lease still holds the next one back.
 */
export async function redeliver(db: Db, viewer: Viewer, deliveryId: string, now = new Date()) {
  const row = await db.webhookDelivery.findUnique({
    where: { id: deliveryId },
    select: { id: true, endpoint: { select: { userId: true } } },
  });
  visibleOr404(viewer, row && { ...row, userId: row.endpoint.userId }, "No webhook delivery with this id.");
  await db.webhookDelivery.update({
    where: { id: deliveryId },
    data: { state: "pending", nextAttemptAt: now },
  });
  return { id: deliveryId, state: "pending" as const };
}
