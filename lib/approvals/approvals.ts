import { z } from "zod";
import { can } from "../collections/access";
import { actorLabel } from "../comments/reach";
import type { ReviewActor } from "../comments/types";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { approvalStatusSchema, type ApprovalStatus, type ApprovalView } from "./schema";

/**
 * Sets an item's approval in a collection: the owner and editors may (the caller established the
 * actor's power with collectionAccess), and guests of a link that allows comments. The history
 * (ApprovalEvent) and the item's current status are written in one transaction.
 */
export async function setApproval(
  db: Db,
  actor: ReviewActor,
  collectionId: string,
  taskId: string,
  status: ApprovalStatus,
): Promise<ApprovalView> {
  const checked = z.object({ status: approvalStatusSchema }).parse({ status }).status;
  if (actor.kind === "user" ? !can(actor.power, "approve") : !actor.canComment) {
    throw new StudioError(
      "forbidden",
      actor.kind === "user"
        ? `A ${actor.power} of this collection may not set approvals; ask its owner for more.`
        : "This link does not allow comments or approvals.",
    );
  }
  const at = new Date();
  const by = actorLabel(actor);
  return db.$transaction(async (tx) => {
    // The first statement writes (as the gallery's review does), so SQLite takes its lock at once.
    const { count } = await tx.collectionItem.updateMany({
      where: { collectionId, taskId },
      data: { approval: checked, approvalAt: at, approvalBy: by },
    });
    if (count === 0) {
      throw new StudioError("not_found", `Gallery item ${taskId} is not in collection ${collectionId}.`);
    }
    await tx.approvalEvent.create({
      data: {
        collectionId,
        taskId,
        status: checked,
        actorId: actor.kind === "user" ? actor.userId : null,
        guestName: actor.kind === "guest" ? actor.guestName : null,
        shareLinkId: actor.kind === "guest" ? actor.shareLinkId : null,
        createdAt: at,
      },
    });
    return { collectionId, taskId, status: checked, at: at.toISOString(), by };
  });
}

/** The item's status history in a collection, newest first (who and when). */
export async function approvalHistory(
  db: Db,
  collectionId: string,
  taskId: string,
): Promise<{ status: ApprovalStatus; at: string; by: string | null; guest: boolean }[]> {
  const events = await db.approvalEvent.findMany({
    where: { collectionId, taskId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
  });
  const ids = [...new Set(events.map((e) => e.actorId).filter((id): id is string => id !== null))];
  const users = ids.length
    ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })
    : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  return events.map((e) => ({
    status: e.status as ApprovalStatus,
    at: e.createdAt.toISOString(),
    by: e.guestName ?? (e.actorId ? (names.get(e.actorId) ?? null) : null),
    guest: e.guestName !== null,
  }));
}

/** The item's current approval in a collection; 404 when it is not in it. */
export async function getApproval(db: Db, collectionId: string, taskId: string): Promise<ApprovalView> {
  const row = await db.collectionItem.findUnique({
    where: { collectionId_taskId: { collectionId, taskId } },
    select: { approval: true, approvalAt: true, approvalBy: true },
  });
  if (!row)
    throw new StudioError("not_found", `Gallery item ${taskId} is not in collection ${collectionId}.`);
  return {
    collectionId,
    taskId,
    status: row.approval as ApprovalStatus,
    at: row.approvalAt?.toISOString() ?? null,
    by: row.approvalBy,
  };
}
