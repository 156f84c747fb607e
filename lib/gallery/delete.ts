import { ownedBy, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { removeMediaFile } from "../storage/files";
import { itemNotFound } from "./item-select";
import { pruneOrphanTags } from "./tags";
import { touchTasks } from "./review";
import { serverLog } from "../log";

export type DeleteResult = { deleted: string[]; notFound: string[]; removedFiles: number };

/**
 * Deletes tasks with their media rows, tags links, stored files and thumbnails. Rows go first, in
 * one transaction, so a failure never leaves a row pointing at a removed file; a file that cannot
 * be removed afterwards is logged and left as an orphan (harmless, unlike a dangling row).
 * A file a chat attachment still points at (same path) is kept: the chat history must not break.
 * Ids the viewer may not see are reported as not found, like ids that do not exist.
 */
export async function deleteGalleryItems(db: Db, viewer: Viewer, ids: string[]): Promise<DeleteResult> {
  const unique = [...new Set(ids)];
  const { found, paths } = await db.$transaction(async (tx) => {
    await touchTasks(tx, { id: { in: unique }, ...ownedBy(viewer) });
    const rows = await tx.task.findMany({
      where: { id: { in: unique }, ...ownedBy(viewer) },
      select: { id: true, media: { select: { path: true, thumbPath: true } } },
    });
    const found = rows.map((r) => r.id);
    await tx.task.deleteMany({ where: { id: { in: found } } });
    await pruneOrphanTags(tx);
    const paths = rows.flatMap((r) => r.media.flatMap((m) => [m.path, m.thumbPath]));
    return { found, paths: [...new Set(paths.filter((p): p is string => Boolean(p)))] };
  });

  const shared = paths.length
    ? new Set(
        (await db.attachment.findMany({ where: { path: { in: paths } }, select: { path: true } })).map(
          (a) => a.path,
        ),
      )
    : new Set<string>();
  let removedFiles = 0;
  for (const rel of paths) {
    if (shared.has(rel)) continue;
    try {
      await removeMediaFile(rel);
      removedFiles++;
    } catch (error) {
      serverLog.warn(`[gallery] could not remove ${rel}: ${(error as Error).message}`);
    }
  }
  const foundSet = new Set(found);
  return { deleted: found, notFound: unique.filter((id) => !foundSet.has(id)), removedFiles };
}

export async function deleteGalleryItem(db: Db, viewer: Viewer, id: string): Promise<DeleteResult> {
  const result = await deleteGalleryItems(db, viewer, [id]);
  if (result.deleted.length === 0) throw new StudioError("not_found", itemNotFound(id));
  return result;
}
