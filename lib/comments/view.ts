import type { Db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { isAuthor, mayResolve } from "./reach";
import { parseShape } from "./schema";
import type { CommentThread, CommentView, ReviewActor } from "./types";

export const commentSelect = {
  id: true,
  taskId: true,
  parentId: true,
  collectionId: true,
  shareLinkId: true,
  authorId: true,
  guestName: true,
  guestId: true,
  body: true,
  atSeconds: true,
  shape: true,
  resolvedAt: true,
  resolvedBy: true,
  editedAt: true,
  createdAt: true,
} satisfies Prisma.CommentSelect;

export type CommentRow = Prisma.CommentGetPayload<{ select: typeof commentSelect }>;

/** Authors' display names; a user no longer in the database (or the local admin) keeps a fallback. */
export async function authorNames(
  db: Db,
  actor: ReviewActor,
  rows: CommentRow[],
): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.authorId).filter((id): id is string => id !== null))];
  const users = ids.length
    ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })
    : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  if (actor.kind === "user" && !names.has(actor.userId)) names.set(actor.userId, actor.name);
  return names;
}

export function toView(
  row: CommentRow,
  thread: CommentRow,
  actor: ReviewActor,
  names: Map<string, string>,
): CommentView {
  const guest = row.guestId !== null;
  return {
    id: row.id,
    taskId: row.taskId,
    parentId: row.parentId,
    collectionId: row.collectionId,
    author: guest
      ? { kind: "guest", name: row.guestName ?? "Guest" }
      : { kind: "user", name: (row.authorId && names.get(row.authorId)) || "Former user" },
    body: row.body,
    atSeconds: row.atSeconds,
    shape: parseShape(row.shape),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
    mine: isAuthor(actor, row),
    canResolve: mayResolve(actor, thread),
  };
}

/** Rows of one item → threads in the order they were started, each with its replies in order. */
export function toThreads(
  rows: CommentRow[],
  actor: ReviewActor,
  names: Map<string, string>,
): CommentThread[] {
  const sorted = [...rows].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
  const threads = new Map<string, CommentThread>();
  const roots = new Map<string, CommentRow>();
  for (const row of sorted) {
    if (row.parentId !== null) continue;
    roots.set(row.id, row);
    threads.set(row.id, { ...toView(row, row, actor, names), replies: [] });
  }
  for (const row of sorted) {
    const root = row.parentId === null ? undefined : roots.get(row.parentId);
    if (root) threads.get(root.id)!.replies.push(toView(row, root, actor, names));
  }
  return [...threads.values()];
}
