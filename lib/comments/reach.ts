import { can } from "../collections/access";
import { StudioError } from "../errors";
import type { ReviewActor } from "./types";

/**
 * What an actor may do with comments, decided in one place. The caller has already established that
 * the actor reaches the item (itemAccess for users, the share grant for guests); these rules add the
 * action (comment, resolve, edit own) and, for guests, the thread reach: only their own link's threads.
 */
type CommentRow = { authorId: string | null; guestId: string | null; shareLinkId: string | null };

export function mayComment(actor: ReviewActor): boolean {
  return actor.kind === "user" ? can(actor.power, "comment") : actor.canComment;
}

export function assertMayComment(actor: ReviewActor): void {
  if (mayComment(actor)) return;
  throw new StudioError(
    "forbidden",
    actor.kind === "user"
      ? `A ${actor.power} of this collection may not comment; ask its owner for more.`
      : "This link does not allow comments.",
  );
}

/** The Prisma `where` of the threads an actor sees: all for users, their link's for guests. */
export function reachWhere(actor: ReviewActor): { shareLinkId?: string } {
  return actor.kind === "user" ? {} : { shareLinkId: actor.shareLinkId };
}

export function isAuthor(actor: ReviewActor, row: CommentRow): boolean {
  if (actor.kind === "user") return row.guestId === null && row.authorId === actor.userId;
  return row.guestId === actor.guestId && row.shareLinkId === actor.shareLinkId;
}

/** The item's owner, editors and commenters resolve any thread; its author resolves their own. */
export function mayResolve(actor: ReviewActor, thread: CommentRow): boolean {
  if (!mayComment(actor)) return false;
  return actor.kind === "user" || isAuthor(actor, thread);
}

/** How a name is kept on what an actor did (resolvedBy, approvalBy): guests are marked as such. */
export function actorLabel(actor: ReviewActor): string {
  return actor.kind === "user" ? actor.name : `${actor.guestName} (guest)`;
}

export function commentNotFound(id: string): StudioError {
  return new StudioError("not_found", `No comment with id ${id} on an item you can reach.`);
}
