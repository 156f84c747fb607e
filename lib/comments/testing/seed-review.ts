import type { Db } from "../../db";
import { seedTasks } from "../../gallery/testing/seed-tasks";
import type { ReviewActor } from "../types";

/**
 * A small review world for tests: users alice (owner), bob (editor), carol (commenter), dave (viewer),
 * a video "v" (4 s) and an image "i" owned by alice in collection "c", and a share link "link".
 */
export async function seedReview(db: Db): Promise<void> {
  for (const id of ["alice", "bob", "carol", "dave", "erin"]) {
    await db.user.create({
      data: { id, name: id[0]!.toUpperCase() + id.slice(1), email: `${id}@example.com` },
    });
  }
  await seedTasks(db, [
    { id: "v", userId: "alice", kind: "video", media: [{ durationSec: 4 }] },
    { id: "i", userId: "alice", kind: "image", media: [{ width: 100, height: 100 }] },
    { id: "outside", userId: "alice", kind: "video" },
  ]);
  await db.collection.create({
    data: {
      id: "c",
      name: "Client cut",
      userId: "alice",
      items: {
        create: [
          { taskId: "v", position: 1 },
          { taskId: "i", position: 2 },
        ],
      },
      members: {
        create: [
          { userId: "bob", role: "editor" },
          { userId: "carol", role: "commenter" },
          { userId: "dave", role: "viewer" },
        ],
      },
    },
  });
  for (const id of ["link", "other-link"]) {
    await db.shareLink.create({
      data: {
        id,
        tokenHash: `hash-${id}`,
        token: `token-${id}`,
        collectionId: "c",
        userId: "alice",
        allowComments: true,
      },
    });
  }
}

export const actors = {
  alice: { kind: "user", userId: "alice", name: "Alice", power: "owner" },
  bob: { kind: "user", userId: "bob", name: "Bob", power: "editor" },
  carol: { kind: "user", userId: "carol", name: "Carol", power: "commenter" },
  dave: { kind: "user", userId: "dave", name: "Dave", power: "viewer" },
  guest: { kind: "guest", shareLinkId: "link", guestId: "g1", guestName: "Gina", canComment: true },
  otherGuestSameLink: {
    kind: "guest",
    shareLinkId: "link",
    guestId: "g2",
    guestName: "Hal",
    canComment: true,
  },
  guestOtherLink: {
    kind: "guest",
    shareLinkId: "other-link",
    guestId: "g3",
    guestName: "Ivy",
    canComment: true,
  },
  readOnlyGuest: { kind: "guest", shareLinkId: "link", guestId: "g4", guestName: "Jo", canComment: false },
} satisfies Record<string, ReviewActor>;
