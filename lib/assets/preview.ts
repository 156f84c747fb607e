/**
 * An asset's preview file under assets/ in the media store: fetched from a URL through the SSRF-safe fetch, or
 * streamed from a file the user sent. Checked by its bytes (an HTML page or an SVG is not a
 * preview) and capped per kind while it is written.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { IssueCode, IssueParams } from "../catalog/issues";
import { StudioError, isStudioError } from "../errors";
import { formatBytes } from "../format/bytes";
import { fetchPolicy } from "../net/fetch-policy";
import { RefusedUrlError, safeFetch, type FetchPolicy } from "../net/safe-fetch";
import { writeMediaFile } from "../storage/files";
import { userMediaKind } from "../storage/sniff-type";
import { ASSET_FILE_MAX_BYTES } from "./limits";
import type { AssetKind } from "./schema";

export type StoredPreview = {
  previewPath: string;
  previewType: string;
  previewSize: number;
  previewSha256: string;
  previewSource: string | null;
};

/**
 * The whole fetch of a preview URL, answer and body: the user waits on it, and a host that trickles
 * its bytes must end in a clear refusal well before a browser or reverse proxy gives up on the request.
 */
export const PREVIEW_FETCH_TIMEOUT_MS = 15_000;

export async function storePreviewFile(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  kind: AssetKind,
  meta: { name: string; declaredType?: string; field: string },
): Promise<StoredPreview> {
  const previewPath = `assets/${randomUUID()}`;
  const maxBytes = ASSET_FILE_MAX_BYTES[kind];
  try {
    const file = await writeMediaFile(previewPath, source, {
      maxBytes,
      declaredType: meta.declaredType,
      validate: ({ size, contentType }) => {
        if (size === 0) throw invalid(meta.field, `"${meta.name}" is empty.`, "must not be empty", "empty");
        // Anything not media is not a preview (an HTML error page, JSON, an SVG…).
        if (!userMediaKind(contentType)) {
          throw invalid(
            meta.field,
            `"${meta.name}" is ${contentType} by its content; a preview must be an image, a video or audio.`,
            "must be an image, a video or audio",
            "not_media",
          );
        }
      },
    });
    return {
      previewPath,
      previewType: file.contentType,
      previewSize: file.size,
      previewSha256: file.sha256,
      previewSource: null,
    };
  } catch (error) {
    if (isStudioError(error) && error.code === "payload_too_large") {
      throw new StudioError(
        "payload_too_large",
        `"${meta.name}" is larger than ${formatBytes(maxBytes)}, the limit for ${kind} assets.`,
        { issues: [tooLarge(meta.field, maxBytes)] },
      );
    }
    throw error;
  }
}

/** Fetches a preview from a URL the user gave: public addresses only (lib/net/safe-fetch.ts). */
export async function storePreviewFromUrl(
  url: string,
  kind: AssetKind,
  policy: FetchPolicy = fetchPolicy(),
  timeoutMs: number = PREVIEW_FETCH_TIMEOUT_MS,
): Promise<StoredPreview> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await safeFetch(url, { signal }, policy);
  } catch (error) {
    if (signal.aborted) throw tooSlow(timeoutMs);
    if (error instanceof RefusedUrlError) {
      throw invalid(
        "previewUrl",
        `The preview URL was refused: ${error.message}`,
        "must be a public URL",
        "media_not_url",
        { accepts: "url" },
      );
    }
    throw invalid(
      "previewUrl",
      `The preview URL could not be fetched (${(error as Error).message}).`,
      "could not be fetched",
      "fetch_failed",
    );
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw invalid(
      "previewUrl",
      `The preview URL answered HTTP ${response.status}; give a URL that serves the file.`,
      `answered HTTP ${response.status}`,
      "fetch_status",
      { status: response.status },
    );
  }
  const declared = Number(response.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > ASSET_FILE_MAX_BYTES[kind]) {
    await response.body?.cancel().catch(() => undefined);
    throw new StudioError(
      "payload_too_large",
      `The preview is ${formatBytes(declared)}, over ${formatBytes(ASSET_FILE_MAX_BYTES[kind])}, the limit for ${kind} assets.`,
      { issues: [tooLarge("previewUrl", ASSET_FILE_MAX_BYTES[kind])] },
    );
  }
  if (!response.body)
    throw invalid("previewUrl", "The preview URL answered without a body.", "has no body", "fetch_no_body");
  let stored: StoredPreview;
  try {
    stored = await storePreviewFile(response.body, kind, {
      name: new URL(url).pathname.split("/").pop() || "preview",
      declaredType: response.headers.get("content-type") ?? undefined,
      field: "previewUrl",
    });
  } catch (error) {
    if (signal.aborted) throw tooSlow(timeoutMs);
    throw error;
  }
  return { ...stored, previewSource: url };
}

function tooSlow(timeoutMs: number): StudioError {
  const seconds = Math.round(timeoutMs / 1000);
  return invalid(
    "previewUrl",
    `The preview URL did not deliver its file within ${seconds} s; give a URL that serves it promptly, or upload the file.`,
    `did not answer within ${seconds} s`,
    "fetch_timeout",
    { seconds },
  );
}

function invalid(
  field: string,
  message: string,
  rule: string,
  code: IssueCode,
  params: IssueParams = {},
): StudioError {
  return new StudioError("invalid_request", message, {
    issues: [{ path: field, message: rule, code, params }],
  });
}

function tooLarge(field: string, maxBytes: number) {
  return {
    path: field,
    message: `must be at most ${formatBytes(maxBytes)}`,
    code: "file_too_large" satisfies IssueCode,
    params: { maxBytes },
  };
}
