import "server-only";
import { ownedBy, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { fetchPolicy } from "../net/fetch-policy";
import { RefusedUrlError, safeFetch, type FetchPolicy } from "../net/safe-fetch";
import { openMediaFile, statMediaFile } from "../storage/files";
import { uploadIdOf } from "../uploads/media-uploads";
import { UnreachableMediaError, type MediaSource, type OpenMedia } from "./read-media";

/**
 * Opens a URL from outside through the SSRF-safe fetch (lib/net/safe-fetch.ts): a refused address,
 * an HTTP error or a network failure is an UnreachableMediaError saying which.
 */
export function remoteOpener(policy: FetchPolicy = fetchPolicy()): OpenMedia {
  return async (url, signal) => {
    let response: Response;
    try {
      response = await safeFetch(url, { signal }, policy);
    } catch (error) {
      if (error instanceof RefusedUrlError) throw new UnreachableMediaError(error.message);
      if (signal.aborted) throw new UnreachableMediaError("it did not answer in time");
      throw new UnreachableMediaError(`it could not be fetched (${networkReason(error)})`);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new UnreachableMediaError(`it answered HTTP ${response.status}`);
    }
    const length = Number(response.headers.get("content-length") ?? NaN);
    return { body: response.body, size: Number.isSafeInteger(length) && length >= 0 ? length : null };
  };
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Where this studio's own files are addressed: the origins a request reached it by (the browser's
 * Host and the framework's request URL can differ: 127.0.0.1 vs localhost), and PUBLIC_BASE_URL.
 */
export type StudioAddresses = { origins: string[]; publicBaseUrl: string | null };

/**
 * The studio's own files (results, form uploads, chat attachments), addressed by any of its
 * origins, signed or not: read from disk, since they are loopback URLs the SSRF guard refuses and
 * the studio has them anyway. Only files the viewer may see are opened; any other URL goes to
 * `fallback`.
 */
export function studioOpener(
  db: Db,
  viewer: Viewer,
  addresses: StudioAddresses,
  fallback: OpenMedia = remoteOpener(),
): OpenMedia {
  return async (url, signal) => {
    const servedPath = studioPathOf(url, addresses);
    const file = servedPath === null ? undefined : await studioFile(db, viewer, servedPath);
    // Not one of its stored files (the built-in sandbox's files, say): fetched like any URL.
    if (file === undefined) return fallback(url, signal);
    if (file === null) throw new UnreachableMediaError("it is not a stored file of yours on this studio");
    return openFile(file);
  };
}

/** The path a studio URL serves (`/api/uploads/…`), without PUBLIC_BASE_URL's prefix; null elsewhere. */
function studioPathOf(url: string, addresses: StudioAddresses): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const bases = [...addresses.origins, addresses.publicBaseUrl]
    .filter((b): b is string => !!b)
    .map((b) => new URL(b));
  for (const base of bases) {
    if (base.origin !== parsed.origin) continue;
    const prefix = base.pathname.replace(/\/+$/, "");
    if (prefix && !parsed.pathname.startsWith(`${prefix}/`)) continue;
    return parsed.pathname.slice(prefix.length);
  }
  return null;
}

/** The file's key in the media store; null when the viewer has no such file; undefined for other paths. */
async function studioFile(db: Db, viewer: Viewer, servedPath: string): Promise<string | null | undefined> {
  const uploadId = uploadIdOf(servedPath);
  if (uploadId) {
    const row = await db.mediaUpload.findFirst({ where: { id: uploadId, ...ownedBy(viewer) } });
    return row?.path ?? null;
  }
  const mediaId = /^\/api\/media\/([\w-]+)$/.exec(servedPath)?.[1];
  if (mediaId) {
    const row = await db.media.findFirst({ where: { id: mediaId, status: "stored", task: ownedBy(viewer) } });
    return row?.path ?? null;
  }
  const attachmentId = /^\/api\/chat\/attachments\/([\w-]+)$/.exec(servedPath)?.[1];
  if (attachmentId) {
    const row = await db.attachment.findFirst({ where: { id: attachmentId, ...ownedBy(viewer) } });
    return row?.path ?? null;
  }
  return undefined;
}

async function openFile(relativePath: string): Promise<MediaSource> {
  const stat = await statMediaFile(relativePath).catch(() => undefined);
  const body = stat && (await openMediaFile(relativePath).catch(() => undefined));
  if (!stat || !body) throw new UnreachableMediaError("its stored file is missing");
  return { body, size: stat.size };
}
