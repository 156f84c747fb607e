import { downloadZip, predictLength } from "client-zip";
import { z } from "zod";
import type { Viewer } from "../auth/scope";
import { visibleTaskWhere } from "../collections/access";
import type { Db } from "../db";
import { StudioError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { readJson } from "../http/respond";
import { statMediaFile } from "../storage/files";
import { downloadFileName, uniqueNames } from "../storage/file-names";
import { storedZipFiles, type StoredZipEntry } from "../storage/zip-files";
import { sortMedia } from "../tasks/media-order";
import type { Edit } from "../sequences/assembly";
import { editJson } from "../sequences/edit-json";
import { MAX_BULK_ITEMS } from "./limits";

export const zipRequestSchema = z.object({
  ids: z
    .array(z.string().min(1).max(200), { error: "must be an array of item ids" })
    .min(1, { error: "must name at least one item" })
    .max(MAX_BULK_ITEMS, { error: `must name at most ${MAX_BULK_ITEMS} items` }),
});

export type ZipRequest = z.infer<typeof zipRequestSchema>;

/**
 * The body of a zip request: `{ ids }` as JSON, or a form post with repeated `ids` fields (the page
 * submits a real form so the browser streams the archive to disk). Anything else, or a form that
 * cannot be parsed, is a 400 naming what to send — never an internal error.
 */
export async function readZipRequest(request: Request): Promise<ZipRequest> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.includes("application/json")) return zipRequestSchema.parse(await readJson(request));
  if (!type.includes("multipart/form-data") && !type.includes("application/x-www-form-urlencoded")) {
    throw new StudioError(
      "invalid_request",
      `Send { "ids": [...] } as application/json, or a form with repeated "ids" fields (got ${type ? `Content-Type ${type}` : "no Content-Type"}).`,
      { issues: [{ path: "body", message: "must be JSON or a form" }] },
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch (cause) {
    throw new StudioError("invalid_request", `The form body could not be read: ${(cause as Error).message}`, {
      issues: [{ path: "body", message: "must be a well-formed form" }],
    });
  }
  return zipRequestSchema.parse({ ids: form.getAll("ids").filter((v) => typeof v === "string") });
}

/**
 * A zip of the stored files of the given items, streamed: each file is opened only when the
 * archive reaches it and flows through as it is read, so neither memory nor disk ever holds the
 * archive. Content-Length is known up front (stored entries, sizes from stat), so the browser
 * shows real progress. Items without a stored file are listed in MISSING.txt inside the archive
 * rather than silently left out. Items the viewer may not see are "not found", like deleted ones.
 */
export async function galleryZipResponse(db: Db, viewer: Viewer, ids: string[]): Promise<Response> {
  // The viewer's items, and those of collections shared with them (they see those files already).
  return tasksZipResponse(db, visibleTaskWhere(viewer), ids, {});
}

export type TasksZipOptions = {
  /** Names the archive: `model-studio_<label>_<date>.zip` (default: the item count). */
  label?: string;
  /** Adds params.json: each item's model, prompt and request, in archive order. */
  params?: boolean;
};

/**
 * The gallery zip over items chosen by `scope` (a Task `where` the caller decided: the viewer's own
 * items for the gallery, a collection's items for a collection), in the order of `ids`.
 */
export async function tasksZipResponse(
  db: Db,
  scope: Prisma.TaskWhereInput,
  ids: string[],
  options: TasksZipOptions,
): Promise<Response> {
  const wanted = [...new Set(ids)];
  const rows = await db.task.findMany({
    where: { AND: [{ id: { in: wanted } }, scope] },
    select: {
      id: true,
      model: true,
      prompt: true,
      kind: true,
      request: true,
      actualDuration: true,
      submittedAt: true,
      media: { select: { id: true, role: true, status: true, path: true, contentType: true } },
    },
  });
  if (rows.length === 0) throw new StudioError("not_found", "None of the selected items exists any more.");
  const byId = new Map(rows.map((r) => [r.id, r]));

  const entries: StoredZipEntry[] = [];
  const missing: string[] = [];
  const edits: { name: string; input: string }[] = [];
  const unique = uniqueNames();
  // A film's edit (lib/sequences) names its takes; their models are looked up once for all films.
  const films = rows.filter((r) => r.kind === "sequence");
  const takeIds = films.flatMap((f) => (parseEdit(f.request)?.shots ?? []).map((s) => s.taskId));
  const takes = takeIds.length
    ? await db.task.findMany({ where: { id: { in: takeIds } }, select: { id: true, model: true } })
    : [];
  for (const id of wanted) {
    const task = byId.get(id);
    if (!task) {
      missing.push(`${id}: item not found (deleted?)`);
      continue;
    }
    if (task.media.length === 0) missing.push(`${id}: no result files`);
    const edit = task.kind === "sequence" ? parseEdit(task.request) : null;
    if (edit) {
      // Named after the film: `<film's name>_edit.json`.
      const film = task.media.find((m) => m.role === "result") ?? {
        role: "result",
        contentType: null,
        path: null,
      };
      const stem = downloadFileName(task, film).replace(/\.[^.]+$/, "");
      edits.push({
        name: unique(`${stem}_edit.json`),
        input: editJson(edit, { id: task.id, durationSec: task.actualDuration }, takes),
      });
    }
    const perRole = new Map<string, number>();
    for (const media of sortMedia(task.media)) {
      const index = perRole.get(media.role) ?? 0;
      perRole.set(media.role, index + 1);
      const stat = media.status === "stored" && media.path ? await statFile(media.path) : null;
      if (!stat) {
        missing.push(`${id}: ${media.role} file not stored (status ${media.status})`);
        continue;
      }
      entries.push({
        name: unique(downloadFileName(task, media, index)),
        size: stat.size,
        lastModified: stat.mtime,
        key: stat.key,
      });
    }
  }
  const note = missing.length
    ? { name: unique("MISSING.txt"), input: `Not included in this archive:\n${missing.join("\n")}\n` }
    : null;
  const params = options.params
    ? { name: unique("params.json"), input: paramsJson(wanted.flatMap((id) => byId.get(id) ?? [])) }
    : null;
  const extras = [...edits, note, params].flatMap((e) => e ?? []);

  const length = predictLength([
    ...entries.map((e) => ({ name: e.name, size: e.size })),
    ...extras.map((e) => ({ name: e.name, input: e.input })),
  ]);
  async function* files() {
    yield* storedZipFiles(entries);
    for (const extra of extras) yield { ...extra, lastModified: new Date() };
  }
  const zip = downloadZip(files(), { length });

  const stamp = new Date().toISOString().slice(0, 10);
  const count = wanted.length;
  const label = options.label ?? `${count}-item${count === 1 ? "" : "s"}`;
  const headers = new Headers(zip.headers);
  headers.set("Content-Type", "application/zip");
  headers.set("Content-Disposition", `attachment; filename="model-studio_${label}_${stamp}.zip"`);
  headers.set("Cache-Control", "no-store");
  return new Response(zip.body, { status: 200, headers });
}

function parseEdit(request: string): Edit | null {
  try {
    const edit = JSON.parse(request) as Edit;
    return Array.isArray(edit.shots) ? edit : null;
  } catch {
    return null;
  }
}

async function statFile(key: string): Promise<{ key: string; size: number; mtime: Date } | null> {
  try {
    const stat = await statMediaFile(key);
    return stat ? { key, size: stat.size, mtime: stat.lastModified } : null;
  } catch {
    return null;
  }
}

/** What made each item: enough to make it again (the request as sent, parsed when it is JSON). */
function paramsJson(
  rows: { id: string; model: string; prompt: string; request: string; submittedAt: Date }[],
) {
  const parse = (text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };
  const items = rows.map((r) => ({
    id: r.id,
    model: r.model,
    prompt: r.prompt,
    submittedAt: r.submittedAt.toISOString(),
    request: parse(r.request),
  }));
  return `${JSON.stringify({ items }, null, 2)}\n`;
}
