import { z } from "zod";
import type { Db } from "../db";
import { StudioError } from "../errors";
import {
  actorLabel,
  assertMayComment,
  commentNotFound,
  isAuthor,
  mayComment,
  mayResolve,
  reachWhere,
} from "./reach";
import { commentBodySchema, guestNameSchema, newCommentSchema, type NewComment } from "./schema";
import type { CommentList, CommentThread, CommentView, ReviewActor } from "./types";
import { authorNames, commentSelect, toThreads, toView, type CommentRow } from "./view";
import { checkMoment } from "./moment";

/** Every thread of the item the actor sees (a guest: their link's), replies included. */
export async function listComments(db: Db, actor: ReviewActor, taskId: string): Promise<CommentList> {
  const rows = await db.comment.findMany({
    where: { taskId, ...reachWhere(actor) },
    select: commentSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const names = await authorNames(db, actor, rows);
  return { taskId, threads: toThreads(rows, actor, names), canComment: mayComment(actor) };
}

/** A new thread, or a reply (parentId; a reply to a reply joins the same thread). */
export async function addComment(
  db: Db,
  actor: ReviewActor,
  taskId: string,
  input: NewComment,
): Promise<CommentView> {
  assertMayComment(actor);
  const data = newCommentSchema.parse(input);
  if (actor.kind === "guest") z.object({ guestName: guestNameSchema }).parse({ guestName: actor.guestName });
  const task = await db.task.findUnique({
    where: { id: taskId },
    select: { id: true, kind: true, media: { where: { role: "result" }, select: { durationSec: true } } },
  });
  if (!task)
    throw new StudioError("not_found", `Gallery item ${taskId} does not exist (it may have been deleted).`);

  let root: CommentRow | null = null;
  if (data.parentId) {
    const parent = await db.comment.findFirst({
      where: { id: data.parentId, taskId, ...reachWhere(actor) },
      select: commentSelect,
    });
    if (!parent) throw commentNotFound(data.parentId);
    root = parent.parentId
      ? await db.comment.findFirst({ where: { id: parent.parentId, taskId }, select: commentSelect })
      : parent;
    if (!root) throw commentNotFound(data.parentId);
  } else {
    checkMoment(task, data.atSeconds ?? null);
  }
  const collectionId = root ? root.collectionId : (data.collectionId ?? null);
  if (!root && collectionId) {
    const held = await db.collectionItem.findUnique({
      where: { collectionId_taskId: { collectionId, taskId } },
      select: { taskId: true },
    });
    if (!held)
      throw new StudioError("not_found", `Gallery item ${taskId} is not in collection ${collectionId}.`);
  }
  const row = await db.comment.create({
    data: {
      taskId,
      parentId: root?.id ?? null,
      collectionId,
      // A reply inherits its thread's link, so the guest who started it sees the answers.
      shareLinkId: root ? root.shareLinkId : actor.kind === "guest" ? actor.shareLinkId : null,
      authorId: actor.kind === "user" ? actor.userId : null,
      guestName: actor.kind === "guest" ? actor.guestName.trim() : null,
      guestId: actor.kind === "guest" ? actor.guestId : null,
      body: data.body,
      atSeconds: root ? null : (data.atSeconds ?? null),
      shape: root || !data.shape ? null : JSON.stringify(data.shape),
    },
    select: commentSelect,
  });
  return toView(row, root ?? row, actor, await authorNames(db, actor, [row]));
}

/** The author changes their text (and may still comment). */
export async function editComment(
  db: Db,
  actor: ReviewActor,
  commentId: string,
  body: string,
): Promise<CommentView> {
  const text = z.object({ body: commentBodySchema }).parse({ body }).body;
  const row = await findReachable(db, actor, commentId);
  if (!isAuthor(actor, row)) throw new StudioError("forbidden", "Only its author may edit a comment.");
  assertMayComment(actor);
  const updated = await db.comment.update({
    where: { id: row.id },
    data: { body: text, editedAt: new Date() },
    select: commentSelect,
  });
  const thread = updated.parentId ? await findReachable(db, actor, updated.parentId) : updated;
  return toView(updated, thread, actor, await authorNames(db, actor, [updated]));
}

/** The author removes their comment; a thread goes with its replies. */
export async function deleteComment(
  db: Db,
  actor: ReviewActor,
  commentId: string,
): Promise<{ id: string; deleted: number }> {
  const row = await findReachable(db, actor, commentId);
  if (!isAuthor(actor, row)) throw new StudioError("forbidden", "Only its author may delete a comment.");
  // Replies first, then the comment: the count does not depend on whether the database cascades.
  const [replies, own] = await db.$transaction([
    db.comment.deleteMany({ where: { parentId: row.id } }),
    db.comment.deleteMany({ where: { id: row.id } }),
  ]);
  return { id: row.id, deleted: replies.count + own.count };
}

/** Resolves or reopens the thread the comment belongs to; answers the thread with its replies. */
export async function setResolved(
  db: Db,
  actor: ReviewActor,
  commentId: string,
  resolved: boolean,
): Promise<CommentThread> {
  const row = await findReachable(db, actor, commentId);
  const root = row.parentId ? await findReachable(db, actor, row.parentId) : row;
  if (!mayResolve(actor, root)) {
    throw new StudioError(
      "forbidden",
      "Only the item's owner, its editors and commenters, or the thread's author may resolve or reopen it.",
    );
  }
  await db.comment.update({
    where: { id: root.id },
    data: resolved
      ? { resolvedAt: new Date(), resolvedBy: actorLabel(actor) }
      : { resolvedAt: null, resolvedBy: null },
  });
  const rows = await db.comment.findMany({
    where: { OR: [{ id: root.id }, { parentId: root.id }] },
    select: commentSelect,
  });
  const [thread] = toThreads(rows, actor, await authorNames(db, actor, rows));
  return thread!;
}

/** The item a comment is on (routes check the caller's access to it first); 404 when there is none. */
export async function commentTaskId(db: Db, commentId: string): Promise<string> {
  const row = await db.comment.findUnique({ where: { id: commentId }, select: { taskId: true } });
  if (!row) throw commentNotFound(commentId);
  return row.taskId;
}

async function findReachable(db: Db, actor: ReviewActor, id: string): Promise<CommentRow> {
  const row = await db.comment.findFirst({ where: { id, ...reachWhere(actor) }, select: commentSelect });
  if (!row) throw commentNotFound(id);
  return row;
}
