import "server-only";
import { hashPassword } from "better-auth/crypto";
import { ownerOf, type Viewer } from "../auth/scope";
import { collectionAccess, itemAccess } from "../collections/access";
import type { Db } from "../db";
import { StudioError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { createShareSchema, listSharesSchema, updateShareSchema, type ShareLinkSummary } from "./schema";
import { hashShareToken, newShareToken } from "./token";

/**
 * The owner's side of share links: make, list, change, revoke. Only who may `manage` what is shared
 * (the collection's owner; the item's owner) sees or touches its links; anyone else gets the same
 * 404 as for a link that does not exist. Passwords are hashed with the studio's password hashing
 * (better-auth's scrypt, as account passwords).
 */
const linkSelect = {
  id: true,
  token: true,
  collectionId: true,
  taskId: true,
  label: true,
  expiresAt: true,
  passwordHash: true,
  allowDownload: true,
  allowComments: true,
  showPrompts: true,
  views: true,
  lastViewedAt: true,
  revokedAt: true,
  createdAt: true,
} satisfies Prisma.ShareLinkSelect;

type LinkRow = Prisma.ShareLinkGetPayload<{ select: typeof linkSelect }>;

export function toShareSummary(row: LinkRow, now = Date.now()): ShareLinkSummary {
  return {
    id: row.id,
    token: row.token,
    path: `/s/${row.token}`,
    collectionId: row.collectionId,
    taskId: row.taskId,
    label: row.label,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    hasPassword: row.passwordHash !== null,
    allowDownload: row.allowDownload,
    allowComments: row.allowComments,
    showPrompts: row.showPrompts,
    views: row.views,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    state: row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt.getTime() <= now ? "expired" : "active",
  };
}

async function requireManage(
  db: Db,
  viewer: Viewer,
  target: { collectionId?: string | null; taskId?: string | null },
) {
  if (target.collectionId) await collectionAccess(db, viewer, target.collectionId, "manage");
  else if (target.taskId) await itemAccess(db, viewer, target.taskId, "manage");
  else throw new StudioError("not_found", "No share link with this id.");
}

export async function createShareLink(db: Db, viewer: Viewer, input: unknown): Promise<ShareLinkSummary> {
  const data = createShareSchema.parse(input);
  await requireManage(db, viewer, data);
  if (data.expiresAt && Date.parse(data.expiresAt) <= Date.now()) {
    throw new StudioError("invalid_request", "expiresAt: must be in the future.", {
      issues: [{ path: "expiresAt", message: "must be in the future", code: "future" }],
    });
  }
  const token = newShareToken();
  const row = await db.shareLink.create({
    data: {
      token,
      tokenHash: hashShareToken(token),
      collectionId: data.collectionId ?? null,
      taskId: data.taskId ?? null,
      userId: ownerOf(viewer),
      label: data.label,
      expiresAt: data.expiresAt ? new Date(data.expiresAt) : null,
      passwordHash: data.password ? await hashPassword(data.password) : null,
      allowDownload: data.allowDownload,
      allowComments: data.allowComments,
      showPrompts: data.showPrompts,
    },
    select: linkSelect,
  });
  return toShareSummary(row);
}

export async function listShareLinks(db: Db, viewer: Viewer, query: unknown): Promise<ShareLinkSummary[]> {
  const target = listSharesSchema.parse(query);
  await requireManage(db, viewer, target);
  const rows = await db.shareLink.findMany({
    where: target.collectionId ? { collectionId: target.collectionId } : { taskId: target.taskId },
    orderBy: { createdAt: "desc" },
    select: linkSelect,
  });
  return rows.map((row) => toShareSummary(row));
}

async function manageableLink(db: Db, viewer: Viewer, id: string): Promise<LinkRow> {
  const row = await db.shareLink.findUnique({ where: { id }, select: linkSelect });
  if (!row) throw new StudioError("not_found", "No share link with this id.");
  await requireManage(db, viewer, row).catch((error: unknown) => {
    // Seeing the collection without managing it still must not tell that the link exists.
    if (error instanceof StudioError && error.code === "forbidden")
      throw new StudioError("not_found", "No share link with this id.");
    throw error;
  });
  return row;
}

export async function updateShareLink(
  db: Db,
  viewer: Viewer,
  id: string,
  input: unknown,
): Promise<ShareLinkSummary> {
  const patch = updateShareSchema.parse(input);
  const link = await manageableLink(db, viewer, id);
  if (link.revokedAt) throw new StudioError("conflict", "This link was revoked; make a new one instead.");
  const row = await db.shareLink.update({
    where: { id },
    data: {
      label: patch.label,
      expiresAt:
        patch.expiresAt === undefined ? undefined : patch.expiresAt ? new Date(patch.expiresAt) : null,
      passwordHash:
        patch.password === undefined ? undefined : patch.password ? await hashPassword(patch.password) : null,
      allowDownload: patch.allowDownload,
      allowComments: patch.allowComments,
      showPrompts: patch.showPrompts,
    },
    select: linkSelect,
  });
  return toShareSummary(row);
}

/** Revoked at once: the next request through the link answers "This link was revoked" (404). */
export async function revokeShareLink(db: Db, viewer: Viewer, id: string): Promise<ShareLinkSummary> {
  const link = await manageableLink(db, viewer, id);
  if (link.revokedAt) return toShareSummary(link);
  const row = await db.shareLink.update({
    where: { id },
    data: { revokedAt: new Date() },
    select: linkSelect,
  });
  return toShareSummary(row);
}
