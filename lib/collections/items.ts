import type { Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { itemNotFound } from "../gallery/item-select";
import { Prisma } from "../generated/prisma/client";
import { collectionAccess, visibleTaskWhere } from "./access";
import { POSITION_STEP } from "./order";

const ID_SLICE = 500;

/**
 * Adds gallery items at the end of a collection, in the order given; items already in it keep their
 * place (adding is idempotent, so a retried request or a second click changes nothing). Only the
 * collection owner's items can go in — a collection is a set of its owner's work — and only items
 * the viewer can see: an id that is neither answers 404, like an item that does not exist.
 */
export async function addItems(
  db: Db,
  viewer: Viewer,
  collectionId: string,
  taskIds: string[],
): Promise<{ added: number; alreadyIn: number }> {
  const { ownerId } = await collectionAccess(db, viewer, collectionId, "edit");
  const wanted = [...new Set(taskIds)];
  const ok = new Set<string>();
  // In slices: SQLite caps a statement's parameters, and Prisma does not split a nested `in`.
  for (let i = 0; i < wanted.length; i += ID_SLICE) {
    const found = await db.task.findMany({
      where: {
        AND: [{ id: { in: wanted.slice(i, i + ID_SLICE) } }, { userId: ownerId }, visibleTaskWhere(viewer)],
      },
      select: { id: true },
    });
    for (const t of found) ok.add(t.id);
  }
  const missing = wanted.find((id) => !ok.has(id));
  if (missing) throw new StudioError("not_found", itemNotFound(missing));

  for (let attempt = 0; ; attempt++) {
    try {
      return await db.$transaction(async (tx) => {
        // Written first: on SQLite a transaction that reads first cannot take the write lock later
        // (lib/gallery/review.ts touchTasks); on PostgreSQL the row lock queues concurrent changes.
        await tx.collection.update({ where: { id: collectionId }, data: { updatedAt: new Date() } });
        const inIt = new Set<string>();
        for (let i = 0; i < wanted.length; i += ID_SLICE) {
          const present = await tx.collectionItem.findMany({
            where: { collectionId, taskId: { in: wanted.slice(i, i + ID_SLICE) } },
            select: { taskId: true },
          });
          for (const p of present) inIt.add(p.taskId);
        }
        const fresh = wanted.filter((id) => !inIt.has(id));
        if (fresh.length) {
          const last = await tx.collectionItem.aggregate({
            where: { collectionId },
            _max: { position: true },
          });
          const start = (last._max.position ?? 0) + POSITION_STEP;
          await tx.collectionItem.createMany({
            data: fresh.map((taskId, i) => ({ collectionId, taskId, position: start + i * POSITION_STEP })),
          });
        }
        return { added: fresh.length, alreadyIn: wanted.length - fresh.length };
      });
    } catch (error) {
      // Two requests adding the same item at once: the loser's insert meets the primary key; the
      // second attempt sees the item there and counts it as already in.
      const duplicate = error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
      if (!duplicate || attempt > 0) throw error;
    }
  }
}

/** Takes items out of a collection (the gallery items stay); ids not in it are ignored. */
export async function removeItems(
  db: Db,
  viewer: Viewer,
  collectionId: string,
  taskIds: string[],
): Promise<{ removed: number }> {
  await collectionAccess(db, viewer, collectionId, "edit");
  const wanted = [...new Set(taskIds)];
  return db.$transaction(async (tx) => {
    await tx.collection.update({ where: { id: collectionId }, data: { updatedAt: new Date() } });
    let removed = 0;
    for (let i = 0; i < wanted.length; i += ID_SLICE) {
      const slice = wanted.slice(i, i + ID_SLICE);
      removed += (await tx.collectionItem.deleteMany({ where: { collectionId, taskId: { in: slice } } }))
        .count;
      // A removed cover falls back to the first item.
      await tx.collection.updateMany({
        where: { id: collectionId, coverTaskId: { in: slice } },
        data: { coverTaskId: null },
      });
    }
    return { removed };
  });
}
