import "server-only";
import { getApproval, setApproval } from "../approvals";
import {
  addComment,
  commentPatchSchema,
  commentTaskId,
  deleteComment,
  editComment,
  listComments,
  setResolved,
  type CommentView,
  type ReviewActor,
} from "../comments";
import type { Db } from "../db";
import { StudioError } from "../errors";
import type { GuestCookie } from "./cookies";
import { guestSession, nameGuest } from "./guest";
import { requireGrantedItem, type ShareGrant } from "./resolve";
import { guestApprovalSchema, guestCommentSchema } from "./schema";

/**
 * Comments and approvals through a share link: the grant decides the item is reachable (404 for
 * any other), lib/comments and lib/approvals decide the rest with a guest actor — who sees only the
 * threads written through this link, and comments or approves only when the link allows comments.
 */
export function guestActor(grant: ShareGrant, guest: GuestCookie): ReviewActor {
  return {
    kind: "guest",
    shareLinkId: grant.link.id,
    guestId: guest.guestId,
    guestName: guest.name,
    canComment: grant.allowComments,
  };
}

export async function guestComments(db: Db, grant: ShareGrant, guest: GuestCookie, taskId: string) {
  requireGrantedItem(grant, taskId);
  return listComments(db, guestActor(grant, guest), taskId);
}

/**
 * A guest's comment. `guestName` in the body (the composer's name field) names the guest first and
 * is kept in their cookie (`setCookies`); the collection is the link's, whatever the body says.
 */
export async function guestAddComment(
  db: Db,
  grant: ShareGrant,
  headers: Headers,
  taskId: string,
  input: unknown,
): Promise<{ comment: CommentView; setCookies: string[] }> {
  requireGrantedItem(grant, taskId);
  const { guestName, ...fields } = guestCommentSchema.parse(input);
  const body = { ...fields, collectionId: grant.collectionId ?? undefined };
  const session =
    guestName === undefined || guestName === null
      ? await guestSession(db, grant, headers)
      : await nameGuest(db, grant, headers, { name: guestName });
  const comment = await addComment(
    db,
    guestActor(grant, session.guest),
    taskId,
    body as Parameters<typeof addComment>[3],
  );
  return { comment, setCookies: session.setCookies };
}

async function grantedComment(db: Db, grant: ShareGrant, commentId: string): Promise<void> {
  const taskId = await commentTaskId(db, commentId);
  if (!grant.itemIds.includes(taskId))
    throw new StudioError("not_found", `Comment ${commentId} does not exist.`);
}

export async function guestPatchComment(
  db: Db,
  grant: ShareGrant,
  guest: GuestCookie,
  commentId: string,
  input: unknown,
) {
  await grantedComment(db, grant, commentId);
  const patch = commentPatchSchema.parse(input);
  const actor = guestActor(grant, guest);
  return "body" in patch
    ? editComment(db, actor, commentId, patch.body)
    : setResolved(db, actor, commentId, patch.resolved);
}

export async function guestDeleteComment(db: Db, grant: ShareGrant, guest: GuestCookie, commentId: string) {
  await grantedComment(db, grant, commentId);
  return deleteComment(db, guestActor(grant, guest), commentId);
}

export async function guestSetApproval(
  db: Db,
  grant: ShareGrant,
  guest: GuestCookie,
  taskId: string,
  input: unknown,
) {
  requireGrantedItem(grant, taskId);
  if (!grant.collectionId) {
    throw new StudioError("not_found", "Approvals belong to a collection; this link shares a single item.");
  }
  if (grant.allowComments && !guest.name) {
    throw new StudioError("invalid_request", "guestName: give your name before you approve.", {
      issues: [{ path: "guestName", message: "must not be empty", code: "required" }],
    });
  }
  const { status } = guestApprovalSchema.parse(input);
  return setApproval(db, guestActor(grant, guest), grant.collectionId, taskId, status);
}

/** An item's approval as a guest sees it: the status and who set it; the history stays with the team. */
export async function guestApproval(db: Db, grant: ShareGrant, taskId: string) {
  requireGrantedItem(grant, taskId);
  if (!grant.collectionId) {
    throw new StudioError("not_found", "Approvals belong to a collection; this link shares a single item.");
  }
  return {
    ...(await getApproval(db, grant.collectionId, taskId)),
    history: [],
    canApprove: grant.allowComments,
  };
}
