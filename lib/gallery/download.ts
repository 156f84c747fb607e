import type { Viewer } from "../auth/scope";
import { visibleTaskWhere } from "../collections/access";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { mediaFileResponse } from "../storage/files";
import { downloadFileName } from "../storage/file-names";
import { sortMedia } from "../tasks/media-order";
import { itemNotFound } from "./item-select";

/** One stored file of an item as an attachment with a meaningful name (Range and ETag included). */
export async function galleryDownloadResponse(
  db: Db,
  viewer: Viewer,
  request: Request,
  taskId: string,
  mediaId?: string,
): Promise<Response> {
  const task = await db.task.findFirst({
    where: { AND: [{ id: taskId }, visibleTaskWhere(viewer)] },
    select: {
      id: true,
      model: true,
      prompt: true,
      submittedAt: true,
      media: { select: { id: true, role: true, status: true, path: true, contentType: true, sha256: true } },
    },
  });
  if (!task) throw new StudioError("not_found", itemNotFound(taskId));
  const media = sortMedia(task.media);
  const chosen = mediaId ? media.find((m) => m.id === mediaId) : media[0];
  if (!chosen) {
    throw new StudioError(
      "not_found",
      mediaId ? `Item ${taskId} has no file ${mediaId}.` : `Item ${taskId} has no result files.`,
    );
  }
  if (chosen.status !== "stored" || !chosen.path) {
    const why =
      chosen.status === "expired"
        ? "its upstream URL expired before the studio could store it"
        : `it is not stored (status ${chosen.status})`;
    throw new StudioError("not_found", `The file cannot be downloaded: ${why}.`);
  }
  const sameRole = media.filter((m) => m.role === chosen.role);
  const name = downloadFileName(task, chosen, sameRole.indexOf(chosen));
  return mediaFileResponse(request, chosen.path, chosen.contentType ?? "application/octet-stream", {
    downloadName: name,
    sha256: chosen.sha256 ?? undefined,
  });
}
