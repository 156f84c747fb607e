import type { CollectionPower } from "../collections/access";
import type { CommentShape } from "./schema";

/**
 * Who writes, edits, resolves or approves (issue 21): a signed-in user with the power the caller
 * established (lib/collections/access.ts), or a guest of a share link (lib/shares). Guests see only
 * the threads written through their own link (replies included); signed-in users with access see
 * every thread of the item.
 */
export type ReviewActor =
  | { kind: "user"; userId: string; name: string; power: CollectionPower }
  | { kind: "guest"; shareLinkId: string; guestId: string; guestName: string; canComment: boolean };

export type CommentAuthor = { kind: "user" | "guest"; name: string };

/** One comment as the API answers it: text as text, never HTML; guest ids never leave the server. */
export type CommentView = {
  id: string;
  taskId: string;
  parentId: string | null;
  collectionId: string | null;
  author: CommentAuthor;
  body: string;
  atSeconds: number | null;
  shape: CommentShape | null;
  createdAt: string;
  editedAt: string | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
  /** The actor wrote it: they may edit and delete it. */
  mine: boolean;
  /** The actor may resolve or reopen its thread. */
  canResolve: boolean;
};

export type CommentThread = CommentView & { replies: CommentView[] };

export type CommentList = {
  taskId: string;
  threads: CommentThread[];
  /** Whether the actor may write comments and replies. */
  canComment: boolean;
};
