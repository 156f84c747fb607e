import type { Failure } from "../errors";
import type { DependencyFault } from "../health/dependency-fault";
import { formatBytes } from "../format/bytes";

/**
 * Why a result file was not stored, as Media.error keeps it: the English sentence API clients have
 * always read, with a code and params so the page words it in its own language (messages
 * `failures.download_*`). What a network, a file system or the store said is passed in as it is:
 * those are their words, not ours.
 */
export const downloadFailure = {
  fetchFailed: (reason: string): Failure => ({
    code: "download_fetch_failed",
    message: `Could not fetch the upstream URL (${reason}).`,
    params: { reason },
  }),
  httpStatus: (status: number): Failure => ({
    code: "download_http_status",
    message: `The upstream URL answered HTTP ${status}.`,
    params: { status },
  }),
  urlExpired: (expiredAt: Date, status: number): Failure => ({
    code: "download_url_expired",
    message: `The upstream URL expired at ${expiredAt.toISOString()} (HTTP ${status}) before the file could be stored.`,
    params: { expiredAt: expiredAt.toISOString(), status },
  }),
  emptyBody: (): Failure => ({
    code: "download_empty_body",
    message: "The upstream URL answered with an empty body.",
  }),
  emptyFile: (): Failure => ({
    code: "download_empty_file",
    message: "The upstream URL answered with an empty file (0 bytes).",
  }),
  notMedia: (contentType: string): Failure =>
    contentType === "text/html"
      ? {
          code: "download_html_page",
          message: "The upstream URL served an HTML page, not an image, video or audio file.",
        }
      : {
          code: "download_not_media",
          message: `The upstream URL served ${contentType} content, not an image, video or audio file.`,
          params: { contentType },
        },
  /** The store's own sentence (lib/storage/measured-source.ts) is kept; the limit is its param. */
  tooLarge: (message: string, maxBytes: number): Failure => ({
    code: "download_too_large",
    message,
    params: { limit: formatBytes(maxBytes) },
  }),
  stalled: (): Failure => ({
    code: "download_stalled",
    message: "The download broke off: the download stalled.",
  }),
  brokeOff: (reason: string): Failure => ({
    code: "download_broke_off",
    message: `The download broke off: ${reason}.`,
    params: { reason },
  }),
  storeFailed: (reason: string): Failure => ({
    code: "download_store_failed",
    message: `Storing the file failed: ${reason}`,
    params: { reason },
  }),
  storeUnavailable: (fault: DependencyFault): Failure => ({
    code: "download_store_unavailable",
    message: `The media store is unavailable (${fault.kind}), so the file could not be stored; the download is tried again.`,
    params: storeKind(fault.kind),
  }),
  goneOnEveryAttempt: (status: number, attempts: number): Failure => ({
    code: "download_gone",
    message: `The upstream URL answered HTTP ${status} on all ${attempts} attempts; it has most likely expired.`,
    params: { status, attempts },
  }),
  gaveUp: (cause: Failure, attempts: number): Failure => ({
    code: "download_gave_up",
    message: `${cause.message} Gave up after ${attempts} attempts.`,
    params: { cause, attempts },
  }),
};

/**
 * lib/health/dependency-fault.ts names a store's fault in English words ("its disk is full"); the
 * kinds a page words itself get a key, any other keeps those words (`detail`).
 */
function storeKind(kind: string): { kind: string; detail: string; status?: number } {
  const http = /HTTP (\d{3})/.exec(kind);
  if (http) return { kind: "http", detail: kind, status: Number(http[1]) };
  const known: Record<string, string> = {
    "its disk is full": "disk_full",
    "its disk cannot be written": "disk_unwritable",
    "it could not be reached": "unreachable",
  };
  return { kind: known[kind] ?? "other", detail: kind };
}
