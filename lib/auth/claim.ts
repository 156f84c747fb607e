import type { Db } from "../db";

export type OwnedCounts = {
  tasks: number;
  batches: number;
  conversations: number;
  attachments: number;
  uploads: number;
  assets: number;
  /** Unowned assets left unowned: the user already records the same asset id (ids are unique per owner). */
  assetsKept: number;
};

/**
 * Gives every row nobody owns (made before accounts, with accounts off, or by a deleted user) to
 * one user, in one transaction: `npm run admin -- claim-unowned --email …`. Until then such rows
 * are seen by admins only (docs/decisions/ownership.md).
 */
export async function claimUnowned(db: Db, userId: string): Promise<OwnedCounts> {
  return db.$transaction(async (tx) => {
    const data = { userId };
    const where = { userId: null };
    const [tasks, batches, conversations, attachments, uploads] = [
      await tx.task.updateMany({ where, data }),
      await tx.batch.updateMany({ where, data }),
      await tx.conversation.updateMany({ where, data }),
      await tx.attachment.updateMany({ where, data }),
      await tx.mediaUpload.updateMany({ where, data }),
    ];
    const held = await tx.asset.findMany({ where: { userId }, select: { assetId: true } });
    const assets = await tx.asset.updateMany({
      where: { userId: null, assetId: { notIn: held.map((a) => a.assetId) } },
      data,
    });
    return {
      tasks: tasks.count,
      batches: batches.count,
      conversations: conversations.count,
      attachments: attachments.count,
      uploads: uploads.count,
      assets: assets.count,
      assetsKept: await tx.asset.count({ where: { userId: null } }),
    };
  });
}

export function describeCounts(counts: OwnedCounts): string {
  const kept = counts.assetsKept
    ? `; ${counts.assetsKept} unowned asset(s) kept: their ids are already in this user's registry`
    : "";
  return (
    `${counts.tasks} task(s), ${counts.batches} batch(es), ${counts.conversations} conversation(s), ` +
    `${counts.attachments} attachment(s), ${counts.uploads} upload(s), ${counts.assets} asset(s)${kept}`
  );
}
