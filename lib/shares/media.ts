import "server-only";
import { downloadZip, predictLength } from "client-zip";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { downloadFileName, uniqueNames } from "../storage/file-names";
import { mediaFileResponse, statMediaFile } from "../storage/files";
import { storedZipFiles, type StoredZipEntry } from "../storage/zip-files";
import { thumbnailFileFor } from "../storage/thumbnails";
import { sortMedia } from "../tasks/media-order";
import type { ShareGrant } from "./resolve";

/**
 * The files of a link's items, served by the gallery's own file code (Range, ETag, HEAD: videos
 * seek). A media row outside the grant answers the same 404 as one that does not exist. Download
 * names carry the prompt's words only when the link shows prompts.
 */
async function grantedMedia(db: Db, grant: ShareGrant, mediaId: string) {
  const media = await db.media.findFirst({
    where: { id: mediaId, taskId: { in: grant.itemIds } },
    include: { task: { select: { id: true, model: true, prompt: true, submittedAt: true } } },
  });
  if (!media || media.status !== "stored" || !media.path) {
    throw new StudioError("not_found", `No file ${mediaId} is shared through this link.`);
  }
  return media;
}

function nameTask(grant: ShareGrant, task: { id: string; model: string; prompt: string; submittedAt: Date }) {
  return grant.showPrompts ? task : { ...task, model: "shared", prompt: "" };
}

export async function sharedMediaResponse(
  db: Db,
  grant: ShareGrant,
  request: Request,
  mediaId: string,
  options: { download?: boolean } = {},
): Promise<Response> {
  const media = await grantedMedia(db, grant, mediaId);
  if (options.download && !grant.allowDownload) {
    throw new StudioError("forbidden", "This link does not allow downloads.");
  }
  return mediaFileResponse(request, media.path!, media.contentType ?? "application/octet-stream", {
    sha256: media.sha256 ?? undefined,
    cacheControl: "private, no-cache",
    ...(options.download ? { downloadName: downloadFileName(nameTask(grant, media.task), media) } : {}),
  });
}

export async function sharedThumbnailResponse(
  db: Db,
  grant: ShareGrant,
  request: Request,
  mediaId: string,
): Promise<Response> {
  const media = await grantedMedia(db, grant, mediaId);
  return mediaFileResponse(request, await thumbnailFileFor(db, media.id), "image/webp", {
    cacheControl: "private, no-cache",
  });
}

/** Every stored file of the link's items as one streamed zip; only when the link allows downloads. */
export async function sharedZipResponse(db: Db, grant: ShareGrant): Promise<Response> {
  if (!grant.allowDownload) throw new StudioError("forbidden", "This link does not allow downloads.");
  const tasks = await db.task.findMany({
    where: { id: { in: grant.itemIds } },
    select: {
      id: true,
      model: true,
      prompt: true,
      submittedAt: true,
      media: { where: { status: "stored" }, select: { id: true, role: true, path: true, contentType: true } },
    },
  });
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const unique = uniqueNames();
  const entries: StoredZipEntry[] = [];
  for (const id of grant.itemIds) {
    const task = byId.get(id);
    if (!task) continue;
    const perRole = new Map<string, number>();
    for (const media of sortMedia(task.media)) {
      const index = perRole.get(media.role) ?? 0;
      perRole.set(media.role, index + 1);
      const stat = media.path ? await statMediaFile(media.path).catch(() => null) : null;
      if (!stat || !media.path) continue;
      const name = unique(downloadFileName(nameTask(grant, task), media, index));
      entries.push({ name, size: stat.size, lastModified: stat.lastModified, key: media.path });
    }
  }
  if (!entries.length) throw new StudioError("not_found", "No file of this link is stored yet.");
  const zip = downloadZip(storedZipFiles(entries), {
    length: predictLength(entries.map((e) => ({ name: e.name, size: e.size }))),
  });
  const headers = new Headers(zip.headers);
  headers.set("Content-Type", "application/zip");
  headers.set("Content-Disposition", `attachment; filename="shared_${entries.length}-files.zip"`);
  headers.set("Cache-Control", "no-store");
  return new Response(zip.body, { status: 200, headers });
}
