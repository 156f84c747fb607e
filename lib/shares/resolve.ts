import "server-only";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { isUnlocked } from "./cookies";
import { checkTokenGuesses, countTokenGuess, requestAddress } from "./throttle";
import { hashShareToken, isTokenShaped } from "./token";

/**
 * What a share token grants: one collection's items or one item, and the link's switches. Every
 * guest route starts here and reaches nothing the grant does not name (docs/decisions/review-links.md).
 */
export type ShareGrant = {
  link: {
    id: string;
    token: string;
    passwordHash: string | null;
    expiresAt: Date | null;
    ownerId: string | null;
  };
  collectionId: string | null;
  taskId: string | null;
  /** Every gallery item the link reaches, in the collection's order. */
  itemIds: string[];
  allowDownload: boolean;
  allowComments: boolean;
  showPrompts: boolean;
};

export const UNKNOWN_LINK = "This link was revoked or never existed.";
export const REVOKED_LINK = "This link was revoked.";
export const EXPIRED_LINK = "This link has expired.";

/**
 * The link behind a token, or the error a guest sees: 404 unknown or revoked, 410 expired, 429
 * while the client's address is over its unknown-token limit (checked before the lookup).
 */
export async function findShareLink(db: Db, token: string, headers: Headers, now = Date.now()) {
  const address = requestAddress(headers);
  await checkTokenGuesses(db, address, now);
  const link = isTokenShaped(token)
    ? await db.shareLink.findUnique({ where: { tokenHash: hashShareToken(token) } })
    : null;
  if (!link) {
    await countTokenGuess(db, address, now);
    throw new StudioError("not_found", UNKNOWN_LINK);
  }
  if (link.revokedAt) throw new StudioError("not_found", REVOKED_LINK);
  if (link.expiresAt && link.expiresAt.getTime() <= now) {
    throw new StudioError("link_expired", EXPIRED_LINK, {
      details: { expiredAt: link.expiresAt.toISOString() },
    });
  }
  return link;
}

/** The grant of an open (unlocked) link; 401 password_required while its password was not given. */
export async function resolveShare(
  db: Db,
  token: string,
  headers: Headers,
  now = Date.now(),
): Promise<ShareGrant> {
  const link = await findShareLink(db, token, headers, now);
  if (!(await isUnlocked(db, headers, link, now))) {
    throw new StudioError("password_required", "This link is protected by a password: enter it to open it.");
  }
  const itemIds = link.collectionId
    ? (
        await db.collectionItem.findMany({
          where: { collectionId: link.collectionId },
          orderBy: [{ position: "asc" }, { taskId: "asc" }],
          select: { taskId: true },
        })
      ).map((row) => row.taskId)
    : link.taskId
      ? [link.taskId]
      : [];
  return {
    link: {
      id: link.id,
      token,
      passwordHash: link.passwordHash,
      expiresAt: link.expiresAt,
      ownerId: link.userId,
    },
    collectionId: link.collectionId,
    taskId: link.taskId,
    itemIds,
    allowDownload: link.allowDownload,
    allowComments: link.allowComments,
    showPrompts: link.showPrompts,
  };
}

/** 404 (as for an item that does not exist) unless the grant reaches this item. */
export function requireGrantedItem(grant: ShareGrant, taskId: string): void {
  if (!grant.itemIds.includes(taskId)) {
    throw new StudioError("not_found", `Item ${taskId} is not part of this link.`);
  }
}
