import { ownerOf, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import type { ActivityApproval, ActivityComment } from "./types";

const MAX_COMMENTS = 20;
const MAX_APPROVALS = 20;
const EXCERPT_LENGTH = 160;
/** Collections searched for "in a collection you own": a bound, so a poll stays one cheap query. */
const MAX_OWNED_COLLECTIONS = 500;

/**
 * Review activity for the feed (issue 21): comments, replies and approval changes made by someone
 * else in (from, to] — on the viewer's items, in collections they own, or answering their threads.
 * Their own writes are never announced to them.
 */
export async function readReviewActivity(
  db: Db,
  viewer: Viewer,
  from: Date,
  to: Date,
): Promise<{ comments: ActivityComment[]; moreComments: number; approvals: ActivityApproval[] }> {
  const owner = ownerOf(viewer);
  const owned = await db.collection.findMany({
    where: { userId: owner },
    select: { id: true },
    orderBy: { updatedAt: "desc" },
    take: MAX_OWNED_COLLECTIONS,
  });
  const collectionIds = owned.map((c) => c.id);
  const notMine = { OR: [{ authorId: null }, { authorId: { not: viewer.id } }, { guestId: { not: null } }] };
  const where: Prisma.CommentWhereInput = {
    createdAt: { gt: from, lte: to },
    AND: [
      notMine,
      {
        OR: [
          { task: { userId: owner } },
          { parent: { authorId: viewer.id, guestId: null } },
          ...(collectionIds.length ? [{ collectionId: { in: collectionIds } }] : []),
        ],
      },
    ],
  };
  const [rows, count] = await Promise.all([
    db.comment.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: MAX_COMMENTS,
      select: {
        id: true,
        taskId: true,
        parentId: true,
        authorId: true,
        guestId: true,
        guestName: true,
        body: true,
        atSeconds: true,
        createdAt: true,
        parent: { select: { atSeconds: true } },
      },
    }),
    db.comment.count({ where }),
  ]);
  const events = collectionIds.length
    ? await db.approvalEvent.findMany({
        where: {
          collectionId: { in: collectionIds },
          createdAt: { gt: from, lte: to },
          OR: [{ actorId: null }, { actorId: { not: viewer.id } }],
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: MAX_APPROVALS,
        include: { collection: { select: { name: true } } },
      })
    : [];
  const names = await userNames(db, [...rows.map((r) => r.authorId), ...events.map((e) => e.actorId)]);

  const comments = rows.map((row): ActivityComment => ({
    id: row.id,
    taskId: row.taskId,
    parentId: row.parentId,
    author:
      row.guestId !== null
        ? { kind: "guest", name: row.guestName ?? "Guest" }
        : { kind: "user", name: (row.authorId && names.get(row.authorId)) || "Someone" },
    excerpt: excerpt(row.body),
    // A reply takes its thread's moment: the link seeks there.
    atSeconds: row.atSeconds ?? row.parent?.atSeconds ?? null,
    createdAt: row.createdAt.toISOString(),
    href: `/gallery?item=${encodeURIComponent(row.taskId)}&comment=${encodeURIComponent(row.id)}`,
  }));
  const approvals = events.map((e): ActivityApproval => ({
    id: e.id,
    collectionId: e.collectionId,
    collectionName: e.collection.name,
    taskId: e.taskId,
    status: e.status,
    by: e.guestName ?? (e.actorId ? (names.get(e.actorId) ?? "Someone") : "Someone"),
    guest: e.guestName !== null,
    createdAt: e.createdAt.toISOString(),
    href: `/gallery?item=${encodeURIComponent(e.taskId)}`,
  }));
  return { comments, moreComments: count - comments.length, approvals };
}

async function userNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!wanted.length) return new Map();
  const users = await db.user.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true } });
  return new Map(users.map((u) => [u.id, u.name]));
}

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1)}…` : line;
}
