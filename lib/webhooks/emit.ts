import { randomBytes } from "node:crypto";
import type { Db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { TEST_EVENT, type WebhookEvent } from "./events";

/** What emitting needs: the caller's transaction client (or the client itself). */
export type EventWriter = Pick<Db, "webhookEndpoint" | "webhookDelivery">;

/** A delivery's id, which is the `webhook-id` the receiver sees ("msg_" as the spec's examples). */
export function newDeliveryId(): string {
  return `msg_${randomBytes(12).toString("base64url")}`;
}

/** The body every attempt of a delivery sends, fixed when the event happened. */
export function eventBody(type: string, data: Record<string, unknown>, at: Date): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * The outbox write: one WebhookDelivery per enabled endpoint subscribed to `type` — the owner's
 * own and every global one. Called with the transaction that records the state change, so the
 * event exists exactly when the change does (a crash loses neither or both); the delivery worker
 * (./worker.ts) sends it later. `ownerId` null (made with accounts off): global endpoints only.
 */
export async function emitEvent(
  db: EventWriter,
  type: WebhookEvent,
  ownerId: string | null,
  data: Record<string, unknown>,
  now = new Date(),
): Promise<number> {
  const endpoints = await db.webhookEndpoint.findMany({
    where: {
      enabled: true,
      OR: [{ userId: null }, ...(ownerId ? [{ userId: ownerId }] : [])],
    },
    select: { id: true, events: true },
  });
  const subscribed = endpoints.filter((e) => e.events.split(",").includes(type));
  if (subscribed.length === 0) return 0;
  const payload = eventBody(type, data, now);
  const rows: Prisma.WebhookDeliveryCreateManyInput[] = subscribed.map((endpoint) => ({
    id: newDeliveryId(),
    endpointId: endpoint.id,
    event: type,
    payload,
    nextAttemptAt: now,
    createdAt: now,
  }));
  await db.webhookDelivery.createMany({ data: rows });
  return rows.length;
}

/** The "test" button: a webhook.test delivery to this one endpoint, whatever it subscribes to. */
export async function emitTestEvent(db: EventWriter, endpointId: string, now = new Date()) {
  const id = newDeliveryId();
  await db.webhookDelivery.create({
    data: {
      id,
      endpointId,
      event: TEST_EVENT,
      payload: eventBody(TEST_EVENT, { endpointId }, now),
      nextAttemptAt: now,
      createdAt: now,
    },
  });
  return { id };
}
