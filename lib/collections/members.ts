import type { Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { collectionAccess } from "./access";
import type { AddMemberInput, MemberRole } from "./schema";

export type CollectionMemberView = {
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  createdAt: string;
};

const memberSelect = {
  userId: true,
  role: true,
  createdAt: true,
  user: { select: { name: true, email: true } },
} as const;

function toView(row: {
  userId: string;
  role: string;
  createdAt: Date;
  user: { name: string; email: string };
}): CollectionMemberView {
  return {
    userId: row.userId,
    name: row.user.name,
    email: row.user.email,
    role: row.role as MemberRole,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who the collection is shared with; anyone who can see it may see this list. */
export async function listMembers(
  db: Db,
  viewer: Viewer,
  collectionId: string,
): Promise<CollectionMemberView[]> {
  await collectionAccess(db, viewer, collectionId, "view");
  const rows = await db.collectionMember.findMany({
    where: { collectionId },
    select: memberSelect,
    orderBy: { createdAt: "asc" },
  });
  return rows.map(toView);
}

/**
 * Shares the collection with a user (by e-mail or id) as viewer, commenter or editor; sharing again
 * changes the role. An unknown user is a 404 naming what was given, so the owner can fix a typo.
 */
export async function addMember(
  db: Db,
  viewer: Viewer,
  collectionId: string,
  input: AddMemberInput,
): Promise<CollectionMemberView> {
  const { ownerId } = await collectionAccess(db, viewer, collectionId, "manage");
  const user = await db.user.findUnique({
    where: input.email ? { email: input.email } : { id: input.userId! },
    select: { id: true, banned: true },
  });
  const given = input.email ? `e-mail ${input.email}` : `id ${input.userId}`;
  if (!user) throw new StudioError("not_found", `No user of this studio has the ${given}.`);
  if (user.id === ownerId) {
    throw new StudioError("invalid_request", "The owner of a collection cannot be a member of it.", {
      issues: [
        {
          path: input.email ? "email" : "userId",
          message: "is the collection's owner",
          code: "collection_owner",
        },
      ],
    });
  }
  const row = await db.collectionMember.upsert({
    where: { collectionId_userId: { collectionId, userId: user.id } },
    create: { collectionId, userId: user.id, role: input.role },
    update: { role: input.role },
    select: memberSelect,
  });
  return toView(row);
}

export async function changeMemberRole(
  db: Db,
  viewer: Viewer,
  collectionId: string,
  userId: string,
  role: MemberRole,
): Promise<CollectionMemberView> {
  await collectionAccess(db, viewer, collectionId, "manage");
  const updated = await db.collectionMember.updateMany({ where: { collectionId, userId }, data: { role } });
  if (!updated.count)
    throw new StudioError("not_found", `This collection is not shared with user ${userId}.`);
  const row = await db.collectionMember.findUniqueOrThrow({
    where: { collectionId_userId: { collectionId, userId } },
    select: memberSelect,
  });
  return toView(row);
}

/**
 * Stops sharing with a user. Every check reads the membership afresh (access.ts), so the user's
 * next request — page, item, media file — is a 404. A member may also leave on their own.
 */
export async function removeMember(
  db: Db,
  viewer: Viewer,
  collectionId: string,
  userId: string,
): Promise<void> {
  const { power } = await collectionAccess(db, viewer, collectionId, "view");
  const leaving = power !== "owner" && userId === viewer.id;
  if (!leaving) await collectionAccess(db, viewer, collectionId, "manage");
  const removed = await db.collectionMember.deleteMany({ where: { collectionId, userId } });
  if (!removed.count)
    throw new StudioError("not_found", `This collection is not shared with user ${userId}.`);
}
