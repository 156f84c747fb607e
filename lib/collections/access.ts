import { canSee, ownedBy, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import type { Prisma } from "../generated/prisma/client";

/**
 * What a signed-in user may do with a collection and the items in it (issue 21,
 * docs/decisions/review.md). The owner (and admins) may do everything; a user it is shared with has
 * the role given (CollectionMember). Anyone else is answered exactly as for a collection that does
 * not exist (404), as everywhere in the studio. Guests (share links) go through lib/shares instead.
 */
export type CollectionPower = "owner" | "editor" | "commenter" | "viewer";

export type CollectionAction =
  /** See it, its items (media, no recipe beyond what the gallery shows its owner) and their comments. */
  | "view"
  /** Write comments and replies; resolve threads. */
  | "comment"
  /** Set an item's approval status. */
  | "approve"
  /** Add, remove and reorder items; rename; set the cover. */
  | "edit"
  /** Share with users, make share links, delete the collection. */
  | "manage";

const POWERS: Record<CollectionPower, readonly CollectionAction[]> = {
  owner: ["view", "comment", "approve", "edit", "manage"],
  editor: ["view", "comment", "approve", "edit"],
  commenter: ["view", "comment"],
  viewer: ["view"],
};
const RANK: Record<CollectionPower, number> = { viewer: 0, commenter: 1, editor: 2, owner: 3 };

export function can(power: CollectionPower, action: CollectionAction): boolean {
  return POWERS[power].includes(action);
}

export function strongest(a: CollectionPower | null, b: CollectionPower | null): CollectionPower | null {
  if (!a) return b;
  if (!b) return a;
  return RANK[a] >= RANK[b] ? a : b;
}

function notFound(what: string): StudioError {
  return new StudioError("not_found", `No ${what} with this id.`);
}

/**
 * The viewer's power over a collection; 404 when they have none. `need` (optional) throws 404 for a
 * power that does not see it at all and 403 naming the missing right for one that sees it.
 */
export async function collectionAccess(
  db: Db,
  viewer: Viewer,
  collectionId: string,
  need?: CollectionAction,
): Promise<{ collectionId: string; ownerId: string | null; power: CollectionPower }> {
  const row = await db.collection.findUnique({
    where: { id: collectionId },
    select: { id: true, userId: true, members: { where: { userId: viewer.id }, select: { role: true } } },
  });
  if (!row) throw notFound("collection");
  const power: CollectionPower | null = canSee(viewer, row.userId)
    ? "owner"
    : ((row.members[0]?.role as CollectionPower | undefined) ?? null);
  if (!power) throw notFound("collection");
  if (need && !can(power, need)) throw forbiddenAction(power, need);
  return { collectionId: row.id, ownerId: row.userId, power };
}

/**
 * The viewer's strongest power over one gallery item: "owner" for its owner (and admins), else the
 * strongest role of any collection holding it that is shared with them; 404 when none.
 */
export async function itemAccess(
  db: Db,
  viewer: Viewer,
  taskId: string,
  need?: CollectionAction,
): Promise<{ taskId: string; ownerId: string | null; power: CollectionPower }> {
  const task = await db.task.findUnique({ where: { id: taskId }, select: { id: true, userId: true } });
  if (!task) throw notFound("gallery item");
  let power: CollectionPower | null = canSee(viewer, task.userId) ? "owner" : null;
  if (!power) {
    const shared = await db.collectionMember.findMany({
      where: { userId: viewer.id, collection: { items: { some: { taskId } } } },
      select: { role: true },
    });
    for (const { role } of shared) power = strongest(power, role as CollectionPower);
  }
  if (!power) throw notFound("gallery item");
  if (need && !can(power, need)) throw forbiddenAction(power, need);
  return { taskId: task.id, ownerId: task.userId, power };
}

function forbiddenAction(power: CollectionPower, action: CollectionAction): StudioError {
  return new StudioError(
    "forbidden",
    `A ${power} of this collection may not ${action}; ask its owner for more.`,
  );
}

/**
 * A Prisma `where` on Task for what the viewer may see: their own (lib/auth/scope.ts) or an item of a
 * collection shared with them. Media and thumbnails go through it, so a member's grid shows the
 * files and loses them the moment the share is revoked.
 */
export function visibleTaskWhere(viewer: Viewer): Prisma.TaskWhereInput {
  const own = ownedBy(viewer);
  if (!("userId" in own)) return {};
  return {
    OR: [own, { collectionItems: { some: { collection: { members: { some: { userId: viewer.id } } } } } }],
  };
}
