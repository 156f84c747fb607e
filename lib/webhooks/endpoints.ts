import { keptFailureFields } from "../failure-fields";
import type { Viewer } from "../auth/scope";
import { ownerOf, visibleOr404 } from "../auth/scope";
import type { Db } from "../db";
import { failureColumns, StudioError } from "../errors";
import { parseEvents } from "./events";
import { disabledByHand } from "./failures";
import type { CreateWebhookInput, UpdateWebhookInput } from "./schema";
import { newWebhookSecret } from "./secret";

/**
 * Webhook endpoints per user (lib/auth/scope.ts: members their own, admins all; another user's
 * endpoint is a 404). The secret is answered only by create and rotate, never by reads.
 */
const endpointSelect = {
  id: true,
  userId: true,
  url: true,
  events: true,
  description: true,
  enabled: true,
  disabledReason: true,
  disabledReasonCode: true,
  disabledReasonParams: true,
  failingSince: true,
  createdAt: true,
  updatedAt: true,
} as const;

type EndpointRow = {
  events: string;
  userId: string | null;
  failingSince: Date | null;
  createdAt: Date;
  disabledReason: string | null;
  disabledReasonCode: string | null;
  disabledReasonParams: string | null;
};

export function presentEndpoint<T extends EndpointRow>({
  disabledReason,
  disabledReasonCode,
  disabledReasonParams,
  ...row
}: T) {
  return {
    ...row,
    events: parseEvents(row.events),
    global: row.userId === null,
    ...keptFailureFields({ disabledReason, disabledReasonCode, disabledReasonParams }, "disabledReason"),
  };
}
export type PresentedEndpoint = Awaited<ReturnType<typeof getEndpoint>>;

export async function listEndpoints(db: Db, viewer: Viewer) {
  const where = viewer.role === "admin" ? {} : { userId: viewer.id };
  const rows = await db.webhookEndpoint.findMany({
    where,
    select: endpointSelect,
    orderBy: { createdAt: "desc" },
  });
  return rows.map(presentEndpoint);
}

export async function getEndpoint(db: Db, viewer: Viewer, id: string) {
  const row = await db.webhookEndpoint.findUnique({ where: { id }, select: endpointSelect });
  return presentEndpoint(visibleOr404(viewer, row, "No webhook endpoint with this id."));
}

export async function createEndpoint(db: Db, viewer: Viewer, input: CreateWebhookInput) {
  if (input.global && viewer.role !== "admin") {
    throw new StudioError("forbidden", "Only an admin can create a global webhook endpoint.");
  }
  const secret = newWebhookSecret();
  const row = await db.webhookEndpoint.create({
    data: {
      userId: input.global ? null : ownerOf(viewer),
      url: input.url,
      events: input.events.join(","),
      description: input.description,
      secret,
    },
    select: endpointSelect,
  });
  return { ...presentEndpoint(row), secret };
}

export async function updateEndpoint(db: Db, viewer: Viewer, id: string, input: UpdateWebhookInput) {
  await getEndpoint(db, viewer, id);
  const row = await db.webhookEndpoint.update({
    where: { id },
    data: {
      url: input.url,
      events: input.events?.join(","),
      description: input.description,
      enabled: input.enabled,
      // Enabling again starts afresh; disabling by hand says so.
      ...(input.enabled === true && { ...failureColumns(null, "disabledReason"), failingSince: null }),
      ...(input.enabled === false && failureColumns(disabledByHand, "disabledReason")),
    },
    select: endpointSelect,
  });
  return presentEndpoint(row);
}

export async function deleteEndpoint(db: Db, viewer: Viewer, id: string): Promise<void> {
  await getEndpoint(db, viewer, id);
  await db.webhookEndpoint.delete({ where: { id } });
}

/** A new secret, answered once; the old one stops signing at once. */
export async function rotateSecret(db: Db, viewer: Viewer, id: string) {
  await getEndpoint(db, viewer, id);
  const secret = newWebhookSecret();
  await db.webhookEndpoint.update({ where: { id }, data: { secret } });
  return { id, secret };
}
