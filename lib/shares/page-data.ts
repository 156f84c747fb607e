import "server-only";
import type { Db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { sortMedia } from "../tasks/media-order";
import type { ShareGrant } from "./resolve";

/**
 * What the share page shows, and nothing more: per item its kind and its stored files under the
 * link's own URLs (/api/s/<token>/media/…), dimensions and duration, its approval in the
 * collection; the prompt, model and parameters ONLY when the link shows prompts. No studio id
 * of a media row leaks a path a guest could use elsewhere: /api/media/<id> still needs a session.
 */
export type SharedMedia = {
  id: string;
  role: string;
  contentType: string | null;
  url: string;
  thumbnailUrl: string | null;
  /** Only when the link allows downloads. */
  downloadUrl: string | null;
  width: number | null;
  height: number | null;
  durationSec: number | null;
};

export type SharedItem = {
  id: string;
  kind: string;
  /** Present for a collection link: pending | approved | changes_requested | rejected. */
  approval: string | null;
  media: SharedMedia[];
  /** Only when the link shows prompts. */
  recipe: { model: string; prompt: string; params: Record<string, unknown> | null } | null;
};

export type SharePage = {
  kind: "collection" | "item";
  title: string;
  allowDownload: boolean;
  allowComments: boolean;
  showPrompts: boolean;
  expiresAt: string | null;
  zipUrl: string | null;
  guest: { name: string | null };
  items: SharedItem[];
  progress: Record<string, number> | null;
};

const mediaSelect = {
  id: true,
  role: true,
  status: true,
  contentType: true,
  thumbPath: true,
  width: true,
  height: true,
  durationSec: true,
} satisfies Prisma.MediaSelect;

export async function sharePage(db: Db, grant: ShareGrant, guestName: string): Promise<SharePage> {
  const base = `/api/s/${grant.link.token}`;
  const [tasks, collection] = await Promise.all([
    db.task.findMany({
      where: { id: { in: grant.itemIds } },
      select: {
        id: true,
        kind: true,
        // The recipe is not even read unless the link shows it.
        model: grant.showPrompts,
        prompt: grant.showPrompts,
        request: grant.showPrompts,
        media: { where: { status: "stored" }, select: mediaSelect },
      },
    }),
    grant.collectionId
      ? db.collection.findUnique({
          where: { id: grant.collectionId },
          select: { name: true, items: { select: { taskId: true, approval: true } } },
        })
      : null,
  ]);
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const approvals = new Map(collection?.items.map((i) => [i.taskId, i.approval]) ?? []);
  const items: SharedItem[] = grant.itemIds.flatMap((id) => {
    const task = byId.get(id);
    if (!task) return [];
    return [
      {
        id: task.id,
        kind: task.kind,
        approval: collection ? (approvals.get(id) ?? "pending") : null,
        media: sortMedia(task.media).map((m) => ({
          id: m.id,
          role: m.role,
          contentType: m.contentType,
          url: `${base}/media/${m.id}`,
          thumbnailUrl: m.thumbPath ? `${base}/media/${m.id}/thumbnail` : null,
          downloadUrl: grant.allowDownload ? `${base}/media/${m.id}?download=1` : null,
          width: m.width,
          height: m.height,
          durationSec: m.durationSec,
        })),
        recipe: grant.showPrompts
          ? {
              model: task.model ?? "",
              prompt: task.prompt ?? "",
              params: parseParams(task.request ?? undefined),
            }
          : null,
      },
    ];
  });
  const progress = collection ? countApprovals(items) : null;
  return {
    kind: grant.collectionId ? "collection" : "item",
    title: collection?.name ?? "Shared item",
    allowDownload: grant.allowDownload,
    allowComments: grant.allowComments,
    showPrompts: grant.showPrompts,
    expiresAt: grant.link.expiresAt?.toISOString() ?? null,
    zipUrl: grant.allowDownload ? `${base}/zip` : null,
    guest: { name: guestName || null },
    items,
    progress,
  };
}

function countApprovals(items: SharedItem[]): Record<string, number> {
  const counts: Record<string, number> = { pending: 0, approved: 0, changes_requested: 0, rejected: 0 };
  for (const item of items)
    counts[item.approval ?? "pending"] = (counts[item.approval ?? "pending"] ?? 0) + 1;
  return { ...counts, total: items.length };
}

function parseParams(request: string | undefined): Record<string, unknown> | null {
  if (!request) return null;
  try {
    const parsed = JSON.parse(request) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
