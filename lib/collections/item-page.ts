import { z } from "zod";
import type { Viewer } from "../auth/scope";
import { sqlDialect, type Db } from "../db-client";
import { checkGalleryListQuery, DEFAULT_PAGE_SIZE, type GalleryListQuery } from "../gallery/filters";
import { itemListSelect, missingThumbnails, toGalleryItem } from "../gallery/item-select";
import { scheduleThumbnails } from "../gallery/thumbnail-backfill";
import type { GalleryItem } from "../gallery/types";
import { and, filterCondition } from "../gallery/where";
import { issueCode } from "../http/zod-issue";
import { Prisma } from "../generated/prisma/client";
import { collectionAccess } from "./access";
import { decodePositionCursor, encodePositionCursor, type PositionCursor } from "./cursor";
import { APPROVAL_STATUSES, type ApprovalStatus } from "./schema";

export type CollectionItemsQuery = Omit<GalleryListQuery, "user"> & { approval?: ApprovalStatus };

/** A grid card of a collection: the gallery's card plus its place and approval in this collection. */
export type CollectionItemView = GalleryItem & {
  position: number;
  approval: ApprovalStatus;
  approvalAt: string | null;
  approvalBy: string | null;
};

export type CollectionItemsPage = {
  items: CollectionItemView[];
  nextCursor: string | null;
  /** Matching items; first page only (null on later pages), as the gallery. */
  total: number | null;
};

/** The gallery's query rules plus `approval=`, for the route wrapper's `search` option. */
export const collectionItemsQuerySchema = z
  .record(z.string(), z.unknown())
  .transform((raw, ctx): CollectionItemsQuery => {
    const { value, issues } = checkGalleryListQuery(raw);
    for (const issue of issues) ctx.addIssue({ code: "custom", path: [issue.key], message: issue.message });
    // `user` narrows an admin's gallery; a collection's items are its own set.
    const query: CollectionItemsQuery = { ...value };
    delete (query as GalleryListQuery).user;
    const approval = typeof raw.approval === "string" ? raw.approval.trim() : "";
    if (approval && !(APPROVAL_STATUSES as readonly string[]).includes(approval)) {
      ctx.addIssue({
        code: "custom",
        path: ["approval"],
        message: `must be one of ${APPROVAL_STATUSES.join(", ")}`,
        ...issueCode("not_one_of", { allowed: APPROVAL_STATUSES }),
      });
    }
    return approval ? { ...query, approval: approval as ApprovalStatus } : query;
  });

/**
 * One page of a collection's items in its order, with every gallery filter (the gallery's own SQL,
 * where.ts) and the approval filter. The collection decides what is seen: anyone with "view" power
 * sees all of its items, whoever owns them.
 */
export async function listCollectionItems(
  db: Db,
  viewer: Viewer,
  collectionId: string,
  query: CollectionItemsQuery,
): Promise<CollectionItemsPage> {
  await collectionAccess(db, viewer, collectionId, "view");
  const { cursor: cursorParam, limit = DEFAULT_PAGE_SIZE, approval, ...filters } = query;
  const cursor = cursorParam ? decodePositionCursor(cursorParam) : undefined;
  const where = conditions(db, viewer, collectionId, filters, approval);

  const [keys, total] = await Promise.all([
    db.$queryRaw<{ id: string; position: number }[]>`
      SELECT t."id" AS "id", ci."position" AS "position"
      FROM "CollectionItem" ci JOIN "Task" t ON t."id" = ci."taskId"
      WHERE ${cursor ? and(where, after(cursor)) : where}
      ORDER BY ci."position" ASC, ci."taskId" ASC LIMIT ${limit + 1}`,
    cursor
      ? Promise.resolve(null)
      : db.$queryRaw<{ n: bigint | number }[]>`
          SELECT COUNT(*) AS "n" FROM "CollectionItem" ci JOIN "Task" t ON t."id" = ci."taskId"
          WHERE ${where}`.then((rows) => Number(rows[0]?.n ?? 0)),
  ]);
  const page = keys.slice(0, limit);
  const ids = page.map((k) => k.id);
  const [rows, places] = ids.length
    ? await Promise.all([
        db.task.findMany({ where: { id: { in: ids } }, select: itemListSelect }),
        db.collectionItem.findMany({
          where: { collectionId, taskId: { in: ids } },
          select: { taskId: true, approval: true, approvalAt: true, approvalBy: true },
        }),
      ])
    : [[], []];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const placeOf = new Map(places.map((p) => [p.taskId, p]));
  const missing = missingThumbnails(rows);
  if (missing.length) scheduleThumbnails(db, missing);

  const items = page.flatMap((k): CollectionItemView[] => {
    const row = byId.get(k.id);
    const place = placeOf.get(k.id);
    // Removed or deleted between the two queries: skipped; the cursor still moves past it.
    if (!row || !place) return [];
    return [
      {
        ...toGalleryItem(row),
        position: Number(k.position),
        approval: place.approval as ApprovalStatus,
        approvalAt: place.approvalAt?.toISOString() ?? null,
        approvalBy: place.approvalBy,
      },
    ];
  });
  const last = page.at(-1);
  return {
    items,
    nextCursor:
      keys.length > limit && last
        ? encodePositionCursor({ position: Number(last.position), taskId: last.id })
        : null,
    total,
  };
}

/** The page's WHERE on `CollectionItem ci JOIN Task t` (the detail view's neighbours use it too). */
export function conditions(
  db: Db,
  viewer: Viewer,
  collectionId: string,
  filters: Omit<GalleryListQuery, "user" | "cursor" | "limit">,
  approval: ApprovalStatus | undefined,
): Prisma.Sql {
  // The join scopes the rows; the gallery's ownership condition would hide a member's view. A
  // search walks the collection in its order (a collection is small next to the search index).
  const scope = Prisma.sql`ci."collectionId" = ${collectionId}`;
  const parts = [filterCondition(sqlDialect(db), viewer, filters, "walk", scope)];
  if (approval) parts.push(Prisma.sql`ci."approval" = ${approval}`);
  return and(...parts);
}

export function after(cursor: PositionCursor): Prisma.Sql {
  return Prisma.sql`(ci."position" > ${cursor.position} OR (ci."position" = ${cursor.position} AND ci."taskId" > ${cursor.taskId}))`;
}
