import type { Db } from "../db";

export type OwnedCounts = { tasks: number; batches: number; conversations: number; attachments: number };

/**
 * Gives every row nobody owns (made before accounts, with accounts off, or by a deleted user) to
 * one user, in one transaction: `npm run admin -- claim-unowned --email …`. Until then such rows
 * are seen by admins only (docs/decisions/ownership.md).
 */
export async function claimUnowned(db: Db, userId: string): Promise<OwnedCounts> {
  return db.$transaction(async (tx) => {
    const data = { userId };
    const where = { userId: null };
    const [tasks, batches, conversations, attachments] = [
      await tx.task.updateMany({ where, data }),
      await tx.batch.updateMany({ where, data }),
      await tx.conversation.updateMany({ where, data }),
      await tx.attachment.updateMany({ where, data }),
    ];
    return {
      tasks: tasks.count,
      batches: batches.count,
      conversations: conversations.count,
      attachments: attachments.count,
    };
  });
}

export function describeCounts(counts: OwnedCounts): string {
  return `${counts.tasks} task(s), ${counts.batches} batch(es), ${counts.conversations} conversation(s), ${counts.attachments} attachment(s)`;
}
