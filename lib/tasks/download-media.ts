import { failureColumns, isStudioError, type Failure } from "../errors";
import { dependencyFault } from "../health/dependency-fault";
import type { Media } from "../generated/prisma/client";
import { RefusedUrlError, safeFetch } from "../net/safe-fetch";
import { extensionFor } from "../storage/file-names";
import { signedExpiry } from "../upstream/url-expiry";
import { removeMediaFile, writeMediaFile, type WrittenFile } from "../storage/files";
import { baseType, isMediaType } from "../storage/sniff-type";
import type { ByteBudget } from "./byte-budget";
import { renewDownloadLease } from "./claims";
import { jitter, taskDeps, type TaskDeps } from "./deps";
import { findStoredDownload } from "./adopt-stored-file";
import { isDatabaseFault, whileDatabaseDown } from "./database-retry";
import { downloadFailure } from "./download-failure";
import { refusedDownloadFailure } from "./media-error";
import { updateMediaState } from "./media-state";
import type { Span } from "@opentelemetry/api";
import { studioMetrics } from "../metrics/studio-metrics";
import { inSpan, MEDIA_ID, taskTraceContext, TASK_ID } from "../tracing";

const HEADERS_TIMEOUT_MS = 30_000;
/**
 * Longest wait before the next attempt while the media store is down: the file is stored within
 * this of the store's return (issue 20: recovery within 60 s), however long the outage lasted.
 */
const STORE_FAULT_MAX_DELAY_MS = 20_000;

/** Why one download attempt failed (the row's coded failure), and whether trying again can help. */
class DownloadError extends Error {
  constructor(
    readonly failure: Failure,
    /** "store": the media store was down; the file itself was fine (not counted against it). */
    readonly kind: "retry" | "expired" | "final" | "store",
    readonly httpStatus?: number,
  ) {
    super(failure.message);
  }
}

/**
 * Downloads one pending Media row's upstream URL into the media store (streamed, atomic, hashed, checked
 * to be media), then records it and asks for its thumbnail. Failed attempts are retried with
 * backoff; an upstream URL that is gone (403/404/410 once its expiry passed, or on every try)
 * marks the media "expired" — the task itself stays completed with everything else it had.
 * Returns false when the row was not claimable (already taken or finished).
 */
export async function downloadMedia(mediaId: string, deps: TaskDeps = taskDeps()): Promise<boolean> {
  const claimed = await deps.db.media.updateMany({
    where: { id: mediaId, status: "pending" },
    data: {
      status: "downloading",
      attempts: { increment: 1 },
      leaseUntil: new Date(deps.now() + deps.downloads.leaseMs),
    },
  });
  if (claimed.count === 0) return false;
  const media = await deps.db.media.findUniqueOrThrow({ where: { id: mediaId } });
  await downloadClaimedMedia(media, deps);
  return true;
}

/**
 * The download of a row this worker has claimed (status "downloading", attempt counted, lease
 * taken): the lease is renewed while it runs; `budget` makes a large file wait for its bytes.
 */
export function downloadClaimedMedia(
  media: Media,
  deps: TaskDeps,
  options: { budget?: ByteBudget } = {},
): Promise<void> {
  // A span of the task's trace (lib/tracing.ts): the download, then the thumbnail inside it.
  return inSpan(
    "task.download",
    { [TASK_ID]: media.taskId, [MEDIA_ID]: media.id, "studio.download.attempt": media.attempts },
    (span) => downloadAndStore(media, deps, options, span),
    taskTraceContext(media.taskId),
  );
}

async function downloadAndStore(
  media: Media,
  deps: TaskDeps,
  options: { budget?: ByteBudget },
  span: Span,
): Promise<void> {
  const { db } = deps;
  const mediaId = media.id;
  const renew = setInterval(
    () => void renewDownloadLease(db, mediaId, deps.now() + deps.downloads.leaseMs).catch(() => undefined),
    Math.max(1_000, deps.downloads.leaseMs / 3),
  ).unref();

  let stored = false;
  let written: string | undefined;
  const relBase = `tasks/${safeSegment(media.taskId)}/${media.id}`;
  // Bound on waiting out a database outage with a file in hand: past it the lease runs out and
  // the next claim adopts the file (adopt-stored-file.ts).
  const outageBoundMs = deps.downloads.leaseMs;
  try {
    // Only a retry can find a file of its own already stored; a first attempt costs no lookups.
    const adopted = media.attempts > 1 ? await findStoredDownload(relBase, media.sourceUrl) : null;
    if (adopted)
      deps.log.info(`[downloads] media ${mediaId}: adopted ${adopted.rel}, stored by an earlier attempt.`);
    const { rel, file } = adopted ?? (await fetchToStore(media.sourceUrl, relBase, deps, options.budget));
    written = rel;
    // The file is in the store: its row must follow, even if the database is down for a while.
    const storedPath = await whileDatabaseDown(async () => {
      const storedPath = await reuseIdenticalFile(deps, media.taskId, media.id, rel, file.sha256);
      await db.media.update({
        where: { id: mediaId },
        data: {
          status: "stored",
          path: storedPath,
          contentType: file.contentType,
          size: file.size,
          sha256: file.sha256,
          storedAt: new Date(deps.now()),
          ...failureColumns(null, "error"),
          leaseUntil: null,
        },
      });
      return storedPath;
    }, outageBoundMs);
    if (storedPath !== rel) written = undefined;
    stored = true;
    span.setAttributes({ "studio.download.result": "stored", "studio.download.bytes": file.size });
    studioMetrics().tracker.downloads.inc({ result: "stored" });
    if (!adopted) studioMetrics().tracker.downloadedBytes.inc(file.size);
  } catch (error) {
    clearInterval(renew);
    try {
      // The task was deleted (gallery) while its file was downloading: nothing owns that file now,
      // and the deletion could not remove what did not exist yet.
      if (!(await db.media.findUnique({ where: { id: mediaId }, select: { id: true } }))) {
        if (written) await removeOrphan(written, deps);
        deps.log.info(`[downloads] media ${mediaId}: its task was deleted during the download; dropped.`);
        return;
      }
      if (isDatabaseFault(error)) throw error;
      await recordFailure(deps, mediaId, media.attempts, media.sourceUrl, error);
    } catch (fault) {
      if (!isDatabaseFault(fault)) throw fault;
      // Nothing to record while the database is down: the row keeps its lease, which runs out,
      // and the next claim adopts the stored file or downloads again.
      deps.log.warn(
        `[downloads] media ${mediaId}: the database is unavailable; ${
          written ? "its stored file is adopted" : "it is retried"
        } once the lease runs out.`,
      );
      return;
    }
  } finally {
    clearInterval(renew);
  }
  try {
    await whileDatabaseDown(() => updateMediaState(db, media.taskId, new Date(deps.now())), outageBoundMs);
  } catch (error) {
    if (!isDatabaseFault(error)) throw error;
    // The tracker's sweep judges the task again once the database answers (settle-sweep.ts).
    deps.log.warn(`[downloads] task ${media.taskId}: its media state waits for the database.`);
  }
  if (stored) {
    // Gallery code: whatever it throws (even synchronously) must not undo a stored download.
    await Promise.resolve()
      .then(() => inSpan("media.thumbnail", { [MEDIA_ID]: mediaId }, () => deps.createThumbnail(db, mediaId)))
      .catch((error: unknown) => {
        deps.log.warn(
          `[downloads] thumbnail for media ${mediaId} failed: ${(error as Error)?.message ?? error}`,
        );
      });
    if (media.role === "result") {
      // The describer's queue (issue 25): a failure here must not undo the download either.
      await Promise.resolve()
        .then(() => deps.afterStored(db, media.taskId))
        .catch((error: unknown) => {
          deps.log.warn(
            `[downloads] task ${media.taskId}: not queued for describing: ${(error as Error)?.message ?? error}`,
          );
        });
    }
  }
}

async function fetchToStore(
  url: string,
  relBase: string,
  deps: TaskDeps,
  budget: ByteBudget | undefined,
): Promise<{ rel: string; file: WrittenFile }> {
  const controller = new AbortController();
  let release = () => undefined as void;
  let idleTimer = setTimeout(() => controller.abort(new Error("headers timeout")), HEADERS_TIMEOUT_MS);
  const resetIdle = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => controller.abort(new Error("idle timeout")), deps.downloads.idleTimeoutMs);
  };
  try {
    let response: Response;
    try {
      // Result URLs come from the upstream, not the studio: no private address, on any redirect.
      response = await safeFetch(url, { signal: controller.signal }, deps.fetchPolicy);
    } catch (error) {
      if (error instanceof RefusedUrlError) {
        throw new DownloadError(refusedDownloadFailure(error), "final");
      }
      throw new DownloadError(downloadFailure.fetchFailed(networkReason(error)), "retry");
    }
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      throw httpFailure(response.status, url, deps.now());
    }
    if (!response.body) throw new DownloadError(downloadFailure.emptyBody(), "retry");
    if (budget) {
      const length = Number(response.headers.get("content-length") ?? "");
      clearTimeout(idleTimer); // waiting for the budget is not the download stalling
      release = await budget.acquire(Number.isFinite(length) && length > 0 ? length : null);
    }
    resetIdle();
    const declaredType = baseType(response.headers.get("content-type"));
    const rel = `${relBase}.${extensionFor(declaredType ?? null, urlPath(url))}`;
    const body = watch(response.body, resetIdle);
    try {
      const file = await writeMediaFile(rel, body, {
        maxBytes: deps.downloads.maxBytes,
        declaredType,
        validate: rejectNonMedia,
      });
      return { rel, file };
    } catch (error) {
      if (error instanceof DownloadError) throw error;
      if (isStudioError(error) && error.code === "payload_too_large")
        throw new DownloadError(downloadFailure.tooLarge(error.message, deps.downloads.maxBytes), "final");
      if (dependencyFault(error)?.dependency === "media store") throw storeFailure(deps, rel, error);
      const broke = controller.signal.aborted
        ? downloadFailure.stalled()
        : downloadFailure.brokeOff((error as Error)?.message);
      throw new DownloadError(broke, "retry");
    }
  } finally {
    clearTimeout(idleTimer);
    release();
  }
}

// Size and type are judged on the bytes, before the file gets its final name.
function rejectNonMedia(file: WrittenFile): void {
  if (file.size === 0) throw new DownloadError(downloadFailure.emptyFile(), "retry");
  if (!isMediaType(file.contentType))
    throw new DownloadError(downloadFailure.notMedia(file.contentType), "retry");
}

/**
 * A failure of the store itself (writing the file, or looking for one an earlier attempt stored),
 * in words that name it but never its address or path; the log has the driver's words. The bytes
 * were fine: the next attempt fetches them again.
 */
function storeFailure(deps: TaskDeps, what: string, error: unknown): DownloadError {
  const fault = dependencyFault(error);
  if (fault?.dependency !== "media store")
    return new DownloadError(
      downloadFailure.storeFailed(String((error as Error)?.message ?? error)),
      "retry",
    );
  deps.log.warn(`[downloads] ${what}: the media store is unavailable: ${fault.detail}`);
  return new DownloadError(downloadFailure.storeUnavailable(fault), "store");
}

function httpFailure(status: number, url: string, nowMs: number): DownloadError {
  if (status === 403 || status === 404 || status === 410) {
    const expiresAt = signedExpiry(url);
    if (expiresAt && expiresAt.getTime() <= nowMs) {
      return new DownloadError(downloadFailure.urlExpired(expiresAt, status), "expired", status);
    }
    // Right after completion a CDN may still be propagating: retry before calling it expired.
    return new DownloadError(downloadFailure.httpStatus(status), "retry", status);
  }
  return new DownloadError(downloadFailure.httpStatus(status), "retry", status);
}

async function recordFailure(
  deps: TaskDeps,
  mediaId: string,
  attempts: number,
  url: string,
  error: unknown,
): Promise<void> {
  const failure = error instanceof DownloadError ? error : storeFailure(deps, mediaId, error);
  // The store's outage is no fault of the file: it never uses up the download's attempts (its URL's
  // expiry still ends it), so a full disk or an unreachable bucket loses no result.
  const exhausted = failure.kind !== "store" && attempts >= deps.downloads.maxAttempts;
  const gone = failure.httpStatus === 403 || failure.httpStatus === 404 || failure.httpStatus === 410;
  let status: "pending" | "expired" | "failed" = "pending";
  let why = failure.failure;
  if (failure.kind === "expired") status = "expired";
  else if (failure.kind === "final") status = "failed";
  else if (exhausted && gone) {
    status = "expired";
    why = downloadFailure.goneOnEveryAttempt(failure.httpStatus!, attempts);
  } else if (exhausted) {
    status = "failed";
    why = downloadFailure.gaveUp(failure.failure, attempts);
  }
  const backoff = deps.downloads.backoffMs * 3 ** (attempts - 1);
  const capped = Math.min(backoff, STORE_FAULT_MAX_DELAY_MS);
  const delay =
    failure.kind === "store" ? jitter(capped * 0.8, capped) : jitter(backoff * 0.8, backoff * 1.2);
  if (status !== "pending")
    deps.log.warn(`[downloads] media ${mediaId} ${status}: ${why.message} (${hostOf(url)})`);
  const metrics = studioMetrics().tracker;
  metrics.downloads.inc({ result: status === "pending" ? "retry" : status });
  metrics.failures.inc({ kind: `download_${failure.kind}` });
  await deps.db.media.update({
    where: { id: mediaId },
    data: {
      status,
      leaseUntil: null,
      ...failureColumns(why),
      nextAttemptAt: new Date(deps.now() + (status === "pending" ? delay : 0)),
    },
  });
}

/**
 * upstream_url often carries the same bytes as result_url: keep one stored copy per task. Rows
 * keep their own ids; deleting a task removes its files together, so sharing is safe.
 */
async function reuseIdenticalFile(
  deps: TaskDeps,
  taskId: string,
  mediaId: string,
  rel: string,
  sha256: string,
) {
  const twin = await deps.db.media.findFirst({
    where: { taskId, sha256, status: "stored", id: { not: mediaId }, path: { not: null } },
    select: { path: true },
  });
  if (!twin?.path || twin.path === rel) return rel;
  await removeMediaFile(rel);
  return twin.path;
}

async function removeOrphan(rel: string, deps: TaskDeps): Promise<void> {
  try {
    // The task's folder too, when this file was all it held.
    await removeMediaFile(rel, { emptyFolder: true });
  } catch (error) {
    deps.log.warn(`[downloads] could not remove orphaned ${rel}: ${(error as Error)?.message ?? error}`);
  }
}

/** Runs `onChunk` for each chunk passing through (the idle timer), without buffering. */
function watch(body: ReadableStream<Uint8Array>, onChunk: () => void): ReadableStream<Uint8Array> {
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onChunk();
        controller.enqueue(chunk);
      },
    }),
  );
}

function safeSegment(id: string): string {
  const cleaned = id
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/^\.+/, "_")
    .slice(0, 120);
  return cleaned || "_";
}

function urlPath(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "invalid URL";
  }
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error as Error)?.message ?? "network error";
}
