import { failureColumns } from "../errors";
import { listMediaFiles, removeMediaFile } from "../storage/files";
import { findStoredDownload } from "./adopt-stored-file";
import type { TaskDeps } from "./deps";
import { updateMediaState } from "./media-state";

export type OrphanSweep = { removed: number; adopted: number };

/**
 * Files under `tasks/` (which only downloads write, as `tasks/<task>/<media>.<ext>`) that no row
 * points at: a crash or an outage between a file and its row, a twin copy whose removal failed, a
 * task deleted meanwhile. Each is settled by its media row: a row still waiting for its download
 * is left to the download, which adopts the file; a failed or expired row adopts it now (the file
 * is complete and validated, or it would not be under its final key); a row stored under another
 * path (a twin), or no row at all, means nobody will ever serve it, and it goes. Files younger
 * than `olderThanMs` are left alone: their row may be being written right now.
 */
export async function sweepOrphanDownloads(deps: TaskDeps, olderThanMs: number): Promise<OrphanSweep> {
  const cutoff = deps.now() - olderThanMs;
  const result: OrphanSweep = { removed: 0, adopted: 0 };
  let batch: { key: string; mediaId: string }[] = [];
  // Two queries per few hundred files, not per file: a library holds hundreds of thousands.
  for await (const { key, lastModified } of listMediaFiles("tasks/")) {
    const match = /^tasks\/[^/]+\/([^/]+)\.[A-Za-z0-9]+$/.exec(key);
    if (!match || lastModified.getTime() > cutoff) continue;
    batch.push({ key, mediaId: match[1] });
    if (batch.length >= 500) {
      await settleBatch(deps, batch, result);
      batch = [];
    }
  }
  if (batch.length) await settleBatch(deps, batch, result);
  return result;
}

async function settleBatch(
  deps: TaskDeps,
  batch: { key: string; mediaId: string }[],
  result: OrphanSweep,
): Promise<void> {
  const referenced = await deps.db.media.findMany({
    where: { path: { in: batch.map((f) => f.key) } },
    select: { path: true },
  });
  const kept = new Set(referenced.map((m) => m.path));
  const unreferenced = batch.filter((f) => !kept.has(f.key));
  if (unreferenced.length === 0) return;
  const rows = await deps.db.media.findMany({
    where: { id: { in: unreferenced.map((f) => f.mediaId) } },
    select: { id: true, taskId: true, status: true, sourceUrl: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const { key, mediaId } of unreferenced) {
    const row = byId.get(mediaId);
    if (row && (row.status === "pending" || row.status === "downloading")) continue;
    if (row && (row.status === "failed" || row.status === "expired") && (await adopt(deps, key, row))) {
      result.adopted++;
      continue;
    }
    await removeMediaFile(key, { emptyFolder: true });
    deps.log.info(`[downloads] removed ${key}: no media row points at it.`);
    result.removed++;
  }
}

async function adopt(
  deps: TaskDeps,
  key: string,
  row: { id: string; taskId: string; sourceUrl: string },
): Promise<boolean> {
  const found = await findStoredDownload(key.slice(0, key.lastIndexOf(".")), row.sourceUrl);
  if (found?.rel !== key) return false;
  await deps.db.media.update({
    where: { id: row.id },
    data: {
      status: "stored",
      path: key,
      contentType: found.file.contentType,
      size: found.file.size,
      sha256: found.file.sha256,
      storedAt: new Date(deps.now()),
      ...failureColumns(null, "error"),
      leaseUntil: null,
    },
  });
  await updateMediaState(deps.db, row.taskId, new Date(deps.now()));
  deps.log.info(`[downloads] adopted ${key}, stored without its row (media ${row.id}).`);
  return true;
}
