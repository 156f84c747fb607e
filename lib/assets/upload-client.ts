/**
 * The client of the asset upload operation. Its path and payload are not shown in the spec
 * (docs/decisions/assets.md), so the operator names the URL (ASSET_UPLOAD_URL) and the studio sends
 * the most common shape: one multipart field `file`, `Authorization: Bearer <API key>` as on every
 * upstream call. The file is streamed from the media store (never held in memory) with its length known.
 * The answer's id is found in any plausible place; anything else fails with what came back.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { fetch as undiciFetch } from "undici";
import { StudioError } from "../errors";
import { streamChunks } from "../http/stream-chunks";
import { openMediaFile } from "../storage/files";
import { extractErrorMessage } from "../upstream/error-message";

export type UploadTarget = { url: string; apiKey: string; timeoutMs?: number };
/** `key`: the stored preview file (lib/storage/files.ts) whose bytes are sent. */
export type UploadFile = { key: string; name: string; contentType: string; size: number };

const DEFAULT_TIMEOUT_MS = 300_000;
const NAMED_ID_KEYS = ["assetId", "asset_id"];

export async function uploadToAssetLibrary(target: UploadTarget, file: UploadFile): Promise<string> {
  const boundary = `----model-studio-${randomBytes(12).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="file"; filename="${quoted(file.name)}"\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // undici takes an async iterable as a streamed body.
  const stored = await openMediaFile(file.key);
  if (!stored) throw new StudioError("not_found", `The stored file ${file.key} to upload is missing.`);
  const body = (async function* () {
    yield head;
    yield* streamChunks(stored);
    yield tail;
  })();

  let response: Awaited<ReturnType<typeof undiciFetch>>;
  try {
    response = await undiciFetch(target.url, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${target.apiKey}`,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(head.byteLength + file.size + tail.byteLength),
        Accept: "application/json",
      },
      body,
      duplex: "half",
      signal: AbortSignal.timeout(target.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new StudioError(
      "upstream_unreachable",
      `The asset upload endpoint could not be reached (${describeNetworkError(error)}); nothing was recorded.`,
      { cause: error },
    );
  }
  const text = await response.text();
  const json = parseJson(text);
  if (!response.ok) {
    const said = extractErrorMessage(json) ?? excerpt(text);
    throw new StudioError(
      "upstream_rejected",
      `The asset upload endpoint refused the file (HTTP ${response.status})${said ? `: ${said}` : "."}`,
      { status: response.status >= 500 ? 502 : response.status === 413 ? 413 : 400 },
    );
  }
  const id = assetIdFromAnswer(json);
  if (id === undefined) {
    throw new StudioError(
      "upstream_bad_response",
      `The asset upload endpoint answered HTTP ${response.status} without an asset id ` +
        `(looked for assetId, asset_id or id, also inside data): ${excerpt(text) || "an empty body"}. ` +
        `The file may have been uploaded; check the provider's console before trying again.`,
    );
  }
  return id;
}

/**
 * assetId / asset_id at the top or inside `data` (an object, or a list's first item), then a plain
 * `id` there: an envelope's own `id` (a request id) must not win over a named asset id inside it.
 */
export function assetIdFromAnswer(body: unknown): string | undefined {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  const inner = Array.isArray(record.data) ? record.data[0] : record.data;
  const places = [record, inner].filter(
    (place): place is Record<string, unknown> => place !== null && typeof place === "object",
  );
  for (const keys of [NAMED_ID_KEYS, ["id"]]) {
    for (const place of places) {
      for (const key of keys) {
        const id = idValue(place[key]);
        if (id) return id;
      }
    }
  }
  return undefined;
}

function idValue(value: unknown): string | undefined {
  if (typeof value === "string" && /^[^\s/]+$/.test(value.trim())) return value.trim();
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function excerpt(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > 300 ? `${clean.slice(0, 300)}…` : clean;
}

function quoted(name: string): string {
  return name.replace(/[\r\n"\\]/g, "_");
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === "TimeoutError") return "timed out";
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
