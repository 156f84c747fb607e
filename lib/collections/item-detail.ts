import type { Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { galleryItemDetail } from "../gallery/detail";
import { itemNotFound } from "../gallery/item-select";
import type { GalleryItemDetail } from "../gallery/types";
import { and } from "../gallery/where";
import { Prisma } from "../generated/prisma/client";
import { collectionAccess, type CollectionPower } from "./access";
import { conditions, type CollectionItemsQuery } from "./item-page";
import type { ApprovalStatus } from "./schema";

export type CollectionItemDetail = GalleryItemDetail & {
  collectionId: string;
  power: CollectionPower;
  approval: ApprovalStatus;
  approvalAt: string | null;
  approvalBy: string | null;
};

/**
 * The gallery's detail view of an item inside a collection: anyone who can view the collection
 * sees it (whoever owns the item), and prev/next follow the collection's order under the filters
 * the page was opened with.
 */
export async function getCollectionItem(
  db: Db,
  viewer: Viewer,
  collectionId: string,
  taskId: string,
  filters: Omit<CollectionItemsQuery, "cursor" | "limit">,
): Promise<CollectionItemDetail> {
  const { power } = await collectionAccess(db, viewer, collectionId, "view");
  const place = await db.collectionItem.findUnique({
    where: { collectionId_taskId: { collectionId, taskId } },
    select: { position: true, approval: true, approvalAt: true, approvalBy: true },
  });
  if (!place) throw new StudioError("not_found", itemNotFound(taskId));
  const { approval, ...rest } = filters;
  const where = conditions(db, viewer, collectionId, rest, approval);
  const neighbour = async (op: "<" | ">") => {
    const dir = Prisma.raw(op === "<" ? "DESC" : "ASC");
    const cmp = Prisma.raw(op);
    const [row] = await db.$queryRaw<{ id: string }[]>`
      SELECT ci."taskId" AS "id" FROM "CollectionItem" ci JOIN "Task" t ON t."id" = ci."taskId"
      WHERE ${and(
        where,
        Prisma.sql`(ci."position" ${cmp} ${place.position} OR (ci."position" = ${place.position} AND ci."taskId" ${cmp} ${taskId}))`,
      )}
      ORDER BY ci."position" ${dir}, ci."taskId" ${dir} LIMIT 1`;
    return row?.id ?? null;
  };
  const detail = await galleryItemDetail(db, viewer, taskId, {
    scope: { collectionItems: { some: { collectionId } } },
    neighbours: async () => {
      const [prevId, nextId] = await Promise.all([neighbour("<"), neighbour(">")]);
      return { prevId, nextId };
    },
  });
  return {
    ...detail,
    collectionId,
    power,
    approval: place.approval as ApprovalStatus,
    approvalAt: place.approvalAt?.toISOString() ?? null,
    approvalBy: place.approvalBy,
  };
}
