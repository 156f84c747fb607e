import { canSee, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import type { CollectionPower } from "./access";
import { APPROVAL_STATUSES, type ApprovalStatus } from "./schema";

export type ApprovalProgress = Record<ApprovalStatus, number> & { total: number };

/** A collection as its card and its page show it: what the list and the one-collection API answer. */
export type CollectionSummary = {
  id: string;
  name: string;
  description: string;
  ownerId: string | null;
  ownerName: string | null;
  /** The viewer's power (lib/collections/access.ts). */
  power: CollectionPower;
  itemCount: number;
  coverTaskId: string | null;
  /** The cover item's thumbnail (coverTaskId, or the first item when unset or gone). */
  coverThumbnailUrl: string | null;
  progress: ApprovalProgress;
  createdAt: string;
  updatedAt: string;
};

const collectionSelect = {
  id: true,
  name: true,
  description: true,
  coverTaskId: true,
  userId: true,
  user: { select: { name: true } },
  createdAt: true,
  updatedAt: true,
} as const;

export function emptyProgress(): ApprovalProgress {
  return { pending: 0, approved: 0, changes_requested: 0, rejected: 0, total: 0 };
}

/**
 * Summaries of the given collections, in the given order, with three queries whatever their number:
 * the rows, the approval counts (grouped), and the cover candidates.
 */
export async function summarize(
  db: Db,
  viewer: Viewer,
  ids: string[],
  roles: Map<string, CollectionPower> = new Map(),
): Promise<CollectionSummary[]> {
  if (ids.length === 0) return [];
  const [rows, counts] = await Promise.all([
    db.collection.findMany({ where: { id: { in: ids } }, select: collectionSelect }),
    db.collectionItem.groupBy({
      by: ["collectionId", "approval"],
      where: { collectionId: { in: ids } },
      _count: { _all: true },
    }),
  ]);
  const progress = new Map(ids.map((id) => [id, emptyProgress()]));
  for (const c of counts) {
    const p = progress.get(c.collectionId);
    if (!p) continue;
    const status = (APPROVAL_STATUSES as readonly string[]).includes(c.approval)
      ? (c.approval as ApprovalStatus)
      : "pending";
    p[status] += c._count._all;
    p.total += c._count._all;
  }
  const covers = await coverThumbnails(db, rows);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const power: CollectionPower = canSee(viewer, row.userId) ? "owner" : (roles.get(id) ?? "viewer");
    const p = progress.get(id) ?? emptyProgress();
    return [
      {
        id: row.id,
        name: row.name,
        description: row.description,
        ownerId: row.userId,
        ownerName: row.user?.name ?? null,
        power,
        itemCount: p.total,
        coverTaskId: covers.get(id)?.taskId ?? null,
        coverThumbnailUrl: covers.get(id)?.url ?? null,
        progress: p,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      },
    ];
  });
}

/** The chosen cover when it is still in the collection, else its first item; with its thumbnail. */
async function coverThumbnails(
  db: Db,
  rows: { id: string; coverTaskId: string | null }[],
): Promise<Map<string, { taskId: string; url: string | null }>> {
  const out = new Map<string, { taskId: string; url: string | null }>();
  const chosen = rows.filter((r) => r.coverTaskId);
  const present = chosen.length
    ? await db.collectionItem.findMany({
        where: { OR: chosen.map((r) => ({ collectionId: r.id, taskId: r.coverTaskId! })) },
        select: { collectionId: true, taskId: true },
      })
    : [];
  const cover = new Map(present.map((p) => [p.collectionId, p.taskId]));
  // One small query per collection without a valid chosen cover: the index on (collectionId, position)
  // answers each with one row.
  await Promise.all(
    rows
      .filter((r) => !cover.has(r.id))
      .map(async (r) => {
        const first = await db.collectionItem.findFirst({
          where: { collectionId: r.id },
          orderBy: [{ position: "asc" }, { taskId: "asc" }],
          select: { taskId: true },
        });
        if (first) cover.set(r.id, first.taskId);
      }),
  );
  if (cover.size === 0) return out;
  const media = await db.media.findMany({
    where: { taskId: { in: [...new Set(cover.values())] }, thumbPath: { not: null } },
    select: { id: true, taskId: true, role: true },
    orderBy: { id: "asc" },
  });
  const thumb = new Map<string, string>();
  // A result's thumbnail before a last frame's.
  for (const m of [...media].sort((a, b) => Number(a.role !== "result") - Number(b.role !== "result"))) {
    if (!thumb.has(m.taskId)) thumb.set(m.taskId, `/api/media/${m.id}/thumbnail`);
  }
  for (const [collectionId, taskId] of cover) {
    out.set(collectionId, { taskId, url: thumb.get(taskId) ?? null });
  }
  return out;
}
