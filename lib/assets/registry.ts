/**
 * The asset registry: ids of the upstream's asset library the user recorded (or uploaded through
 * the studio), owner-scoped like every other item (lib/auth/scope.ts): members see their own,
 * admins everyone's; another user's asset answers like a missing one (404).
 */
import "server-only";
import { ownedBy, ownerOf, visibleOr404, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import type { Asset, Prisma } from "../generated/prisma/client";
import { removeMediaFile } from "../storage/files";
import type { StoredPreview } from "./preview";
import {
  assetReference,
  type AssetKind,
  type CreateAsset,
  type ReviewState,
  type UpdateAsset,
} from "./schema";
import type { AssetView } from "./types";

export function assetView(row: Asset): AssetView {
  return {
    id: row.id,
    assetId: row.assetId,
    reference: assetReference(row.assetId),
    label: row.label,
    kind: row.kind as AssetKind,
    reviewState: row.reviewState as ReviewState,
    notes: row.notes,
    origin: row.origin === "uploaded" ? "uploaded" : "recorded",
    previewUrl: row.previewPath ? `/api/assets/${row.id}/preview` : null,
    previewType: row.previewType,
    previewSource: row.previewSource,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Refuses an id the owner already recorded, before any preview is fetched or file sent. */
export async function assertAssetIdFree(db: Db, viewer: Viewer, assetId: string): Promise<void> {
  const existing = await db.asset.findFirst({
    where: { userId: ownerOf(viewer), assetId },
    select: { label: true },
  });
  if (existing) throw duplicate(assetId, existing.label);
}

function duplicate(assetId: string, label?: string): StudioError {
  const as = label ? ` (as "${label}")` : "";
  return new StudioError(
    "conflict",
    `assetId: you already recorded "${assetId}"${as}; an asset id is unique in your registry. Edit that entry instead.`,
    {
      issues: [
        {
          path: "assetId",
          message: "is already in your registry",
          code: "asset_already_recorded",
          params: { assetId },
        },
      ],
    },
  );
}

export type NewAssetRow = Pick<CreateAsset, "assetId" | "label" | "kind" | "reviewState" | "notes"> & {
  origin?: "recorded" | "uploaded";
};

/**
 * Creates the row for a preview already stored (or none). Without the row the preview would be an
 * orphan, so a failed insert removes it.
 */
export async function createAssetRow(
  db: Db,
  viewer: Viewer,
  input: NewAssetRow,
  preview: StoredPreview | null,
): Promise<AssetView> {
  const data: Prisma.AssetUncheckedCreateInput = {
    assetId: input.assetId,
    label: input.label,
    kind: input.kind,
    reviewState: input.reviewState,
    notes: input.notes,
    origin: input.origin ?? "recorded",
    userId: ownerOf(viewer),
    ...(preview ?? {}),
  };
  try {
    // Rows nobody owns (accounts off) are not covered by the unique index (NULLs differ), so the
    // check runs again next to the insert.
    const row = await db.$transaction(async (tx) => {
      const existing = await tx.asset.findFirst({
        where: { userId: data.userId ?? null, assetId: data.assetId },
        select: { label: true },
      });
      if (existing) throw duplicate(data.assetId, existing.label);
      return tx.asset.create({ data });
    });
    return assetView(row);
  } catch (error) {
    if (preview) await removeMediaFile(preview.previewPath).catch(() => undefined);
    if ((error as { code?: string }).code === "P2002") throw duplicate(data.assetId);
    throw error;
  }
}

export async function listAssets(
  db: Db,
  viewer: Viewer,
  filter: { kind?: AssetKind } = {},
): Promise<AssetView[]> {
  const rows = await db.asset.findMany({
    where: { ...ownedBy(viewer), ...(filter.kind ? { kind: filter.kind } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 500,
  });
  return rows.map(assetView);
}

export async function getAsset(db: Db, viewer: Viewer, id: string): Promise<Asset> {
  return visibleOr404(viewer, await db.asset.findUnique({ where: { id } }), `Asset ${id} does not exist.`);
}

export async function updateAsset(
  db: Db,
  viewer: Viewer,
  id: string,
  patch: UpdateAsset,
): Promise<AssetView> {
  await getAsset(db, viewer, id);
  return assetView(await db.asset.update({ where: { id }, data: patch }));
}

export async function deleteAsset(db: Db, viewer: Viewer, id: string): Promise<void> {
  const row = await getAsset(db, viewer, id);
  await db.asset.delete({ where: { id } });
  if (row.previewPath) await removeMediaFile(row.previewPath).catch(() => undefined);
}
