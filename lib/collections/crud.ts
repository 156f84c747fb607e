import { ownedBy, ownerOf, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { collectionAccess, type CollectionPower } from "./access";
import { addItems } from "./items";
import type { CreateCollectionInput, UpdateCollectionInput } from "./schema";
import { summarize, type CollectionSummary } from "./summary";

/** A new collection owned by the viewer, optionally with its first items (in the order given). */
export async function createCollection(
  db: Db,
  viewer: Viewer,
  input: CreateCollectionInput,
): Promise<CollectionSummary> {
  const row = await db.collection.create({
    data: { name: input.name, description: input.description ?? "", userId: ownerOf(viewer) },
    select: { id: true },
  });
  if (input.taskIds?.length) {
    try {
      await addItems(db, viewer, row.id, input.taskIds);
    } catch (error) {
      // All or nothing: a collection is not left behind by a request that failed.
      await db.collection.delete({ where: { id: row.id } });
      throw error;
    }
  }
  return getCollection(db, viewer, row.id);
}

export async function getCollection(db: Db, viewer: Viewer, id: string): Promise<CollectionSummary> {
  const { power } = await collectionAccess(db, viewer, id, "view");
  const [summary] = await summarize(db, viewer, [id], new Map([[id, power]]));
  if (!summary) throw new StudioError("not_found", "No collection with this id.");
  return summary;
}

/** Rename, describe or set the cover (an item of the collection, or null for the first item). */
export async function updateCollection(
  db: Db,
  viewer: Viewer,
  id: string,
  input: UpdateCollectionInput,
): Promise<CollectionSummary> {
  await collectionAccess(db, viewer, id, "edit");
  if (input.coverTaskId) {
    const inIt = await db.collectionItem.count({ where: { collectionId: id, taskId: input.coverTaskId } });
    if (!inIt) {
      throw new StudioError("invalid_request", "coverTaskId: must be an item of this collection", {
        issues: [
          { path: "coverTaskId", message: "must be an item of this collection", code: "not_in_collection" },
        ],
      });
    }
  }
  await db.collection.update({
    where: { id },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.coverTaskId !== undefined ? { coverTaskId: input.coverTaskId } : {}),
    },
  });
  return getCollection(db, viewer, id);
}

/** Deletes the collection, its places, members, links and approvals; the gallery items stay. */
export async function deleteCollection(db: Db, viewer: Viewer, id: string): Promise<void> {
  await collectionAccess(db, viewer, id, "manage");
  await db.collection.delete({ where: { id } });
}

/**
 * The viewer's collections (theirs; every one for an admin) and those shared with them, most
 * recently changed first.
 */
export async function listCollections(db: Db, viewer: Viewer): Promise<CollectionSummary[]> {
  const [own, shared] = await Promise.all([
    db.collection.findMany({ where: ownedBy(viewer), select: { id: true, updatedAt: true } }),
    db.collectionMember.findMany({
      where: { userId: viewer.id },
      select: { role: true, collection: { select: { id: true, updatedAt: true } } },
    }),
  ]);
  const roles = new Map(shared.map((m) => [m.collection.id, m.role as CollectionPower]));
  const seen = new Map<string, Date>();
  for (const c of [...own, ...shared.map((m) => m.collection)]) seen.set(c.id, c.updatedAt);
  const ids = [...seen].sort((a, b) => b[1].getTime() - a[1].getTime()).map(([id]) => id);
  return summarize(db, viewer, ids, roles);
}
