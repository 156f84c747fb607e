import "server-only";
import { fetch as undiciFetch } from "undici";
import { StudioError } from "../errors";
import { upstreamAgent, upstreamConfig, type UpstreamConfig } from "./config";
import { extractErrorCode, extractErrorMessage } from "./error-message";
import { readAtMost } from "../http/read-at-most";
import { fromV1Answer } from "./v1-answer";

/** A task object as the upstream sent it (top-level JSON), known to carry an id. */
export type UpstreamTaskJson = Record<string, unknown> & { id: string };

const SUBMIT_TIMEOUT_MS = 60_000;
const QUERY_TIMEOUT_MS = 20_000;
/** A task object is a few KB; anything far larger is not one and is not read whole. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
const EXCERPT_CHARS = 200;

/**
 * Which API a task lives in: the task API (null) or a video-family v1 endpoint, by its path
 * segment. v1 answers are read into the task API's shape (v1-answer.ts), so everything after
 * the client treats both alike.
 */
export type V1Family = string | null | undefined;

const v1Base = (family: string) => `/v1/${encodeURIComponent(family)}/videos`;

/**
 * POST {base_url}/v2/model-center/tasks, or POST {base_url}/v1/{family}/videos, with an already
 * validated, normalized body.
 */
export async function submitTask(
  body: Record<string, unknown>,
  config: UpstreamConfig = upstreamConfig(),
  v1Family?: V1Family,
): Promise<UpstreamTaskJson> {
  const path = v1Family ? v1Base(v1Family) : "/v2/model-center/tasks";
  const json = await call(config, "POST", path, body, config.timeoutMs ?? SUBMIT_TIMEOUT_MS);
  return asTask(json, "submit", v1Family);
}

/** GET {base_url}/v2/model-center/tasks/{id}, or GET {base_url}/v1/{family}/videos/{id}. */
export async function queryTask(
  id: string,
  config: UpstreamConfig = upstreamConfig(),
  v1Family?: V1Family,
): Promise<UpstreamTaskJson> {
  const path = v1Family
    ? `${v1Base(v1Family)}/${encodeURIComponent(id)}`
    : `/v2/model-center/tasks/${encodeURIComponent(id)}`;
  const json = await call(config, "GET", path, undefined, config.timeoutMs ?? QUERY_TIMEOUT_MS);
  return asTask(json, "query", v1Family);
}

async function call(
  config: UpstreamConfig,
  method: "GET" | "POST",
  path: string,
  body: unknown,
  timeoutMs: number,
): Promise<unknown> {
  const what = method === "POST" ? "Submitting the task" : "Querying the task";
  let response: Awaited<ReturnType<typeof undiciFetch>> | undefined;
  let text: string;
  try {
    // Keep-alive connections sized to the tracker's poll workers (config.ts): thousands of polls a
    // minute must not each pay a TCP (and TLS) handshake.
    response = await undiciFetch(`${config.baseUrl}${path}`, {
      dispatcher: config.agent ?? upstreamAgent(),
      method,
      headers: {
        Authorization: `Bearer ${config.apiKey}`,
        Accept: "application/json",
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await readText(response);
  } catch (error) {
    // A submit that may have reached the upstream must not read as "nothing happened": the task
    // may exist (and be billed), and a blind retry would create a second one.
    if (method === "POST" && (response || !failedBeforeSending(error))) {
      throw outcomeUnknown(error, response?.status, timeoutMs);
    }
    throw unreachable(error, what, timeoutMs);
  }

  const parsed = parseJson(text);
  if (!response.ok) {
    const upstreamMessage = parsed.ok ? extractErrorMessage(parsed.value) : undefined;
    const message = upstreamMessage ?? (text.trim() ? `"${excerpt(text)}"` : "no message");
    throw new StudioError(
      "upstream_rejected",
      `The upstream rejected the request (HTTP ${response.status}): ${message}`,
      {
        status: response.status >= 400 && response.status <= 599 ? response.status : 502,
        details: {
          upstreamStatus: response.status,
          ...retryAfter(response.headers.get("retry-after")),
          ...(parsed.ok && extractErrorCode(parsed.value)
            ? { upstreamCode: extractErrorCode(parsed.value) }
            : {}),
        },
      },
    );
  }
  if (!parsed.ok) {
    throw new StudioError(
      "upstream_bad_response",
      `The upstream answered HTTP ${response.status} with something that is not JSON: "${excerpt(text)}"`,
      { details: { upstreamStatus: response.status } },
    );
  }
  return parsed.value;
}

/**
 * Retry-After (seconds or an HTTP date) as `retryAfterSeconds`: the tracker's shared back-off
 * waits that long before asking the upstream about any task again.
 */
function retryAfter(header: string | null): { retryAfterSeconds?: number } {
  if (!header) return {};
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return { retryAfterSeconds: Math.ceil(Number(trimmed)) };
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return {};
  return { retryAfterSeconds: Math.max(0, Math.ceil((at - Date.now()) / 1000)) };
}

// A 2xx answer is a task only if it is an object with an id; anything else must never be stored.
function asTask(json: unknown, call: "submit" | "query", v1Family: V1Family): UpstreamTaskJson {
  const unwrapped = unwrap(json);
  const object = unwrapped && v1Family ? fromV1Answer(unwrapped) : unwrapped;
  const id = object ? taskId(object) : undefined;
  if (object && id) return { ...object, id };
  const said = extractErrorMessage(json);
  throw new StudioError(
    "upstream_bad_response",
    `The upstream answered the ${call} call without a task ${object ? "id" : "object"}` +
      (said ? `: ${said}` : `: "${excerpt(JSON.stringify(json))}"`),
  );
}

// The spec says responses have no { code, msg, data } wrapper; a relay that adds one still works.
function unwrap(json: unknown): Record<string, unknown> | undefined {
  if (!json || typeof json !== "object" || Array.isArray(json)) return undefined;
  const record = json as Record<string, unknown>;
  if (taskId(record)) return record;
  const data = record.data;
  if (data && typeof data === "object" && !Array.isArray(data) && taskId(data as Record<string, unknown>)) {
    return data as Record<string, unknown>;
  }
  return record;
}

function taskId(record: Record<string, unknown>): string | undefined {
  for (const key of ["id", "task_id"]) {
    const value = record[key];
    if (typeof value === "string" && value.trim()) return value.trim();
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

async function readText(response: Awaited<ReturnType<typeof undiciFetch>>): Promise<string> {
  const length = Number(response.headers.get("content-length") ?? "0");
  if (length > MAX_BODY_BYTES || !response.body) {
    await response.body?.cancel();
    return length > MAX_BODY_BYTES ? `(a ${length}-byte body, too large to be a task object)` : "";
  }
  const { bytes, complete } = await readAtMost(response.body as ReadableStream<Uint8Array>, MAX_BODY_BYTES);
  const text = new TextDecoder().decode(bytes);
  return complete
    ? text
    : `${text.slice(0, EXCERPT_CHARS)}… (more than ${MAX_BODY_BYTES} bytes, too large to be a task object)`;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text.trim()) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (!flat) return "(empty body)";
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
}

// Never the URL or the key: the fetch error's own message names host and port.
function unreachable(error: unknown, what: string, timeoutMs: number): StudioError {
  const name = (error as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return new StudioError(
      "upstream_unreachable",
      `${what} timed out: the upstream task service did not answer within ${formatMs(timeoutMs)}.`,
      { cause: error },
    );
  }
  const code = networkCode(error);
  const reason = code ? (NETWORK_REASONS[code] ?? `network error ${code}`) : "network error";
  return new StudioError(
    "upstream_unreachable",
    `${what} failed: the upstream task service could not be reached (${reason}). Check UPSTREAM_BASE_URL and the network.`,
    { cause: error },
  );
}

/**
 * Failures that happen before a request is written: no connection (refused, no such host, no
 * route), or a TLS handshake that failed. Anything else — a timeout, a connection reset or closed
 * mid-way, a stalled answer — may come after the upstream received the body.
 */
const BEFORE_SENDING = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

function failedBeforeSending(error: unknown): boolean {
  const code = networkCode(error);
  return code !== undefined && BEFORE_SENDING.has(code);
}

/**
 * The submit body was (or may have been) sent but no task came back. Same code as an unreachable
 * upstream (the studio got no task), marked `outcome: "unknown"` so clients warn instead of
 * inviting a plain retry.
 */
function outcomeUnknown(error: unknown, status: number | undefined, timeoutMs: number): StudioError {
  const name = (error as Error)?.name;
  const code = networkCode(error);
  const what =
    name === "TimeoutError" || name === "AbortError"
      ? `the upstream task service did not answer within ${formatMs(timeoutMs)}`
      : status !== undefined
        ? `the upstream's answer (HTTP ${status}) broke off before it was complete`
        : `the connection broke after the request was sent (${code ? (NETWORK_REASONS[code] ?? `network error ${code}`) : "network error"})`;
  return new StudioError(
    "upstream_unreachable",
    `Submitting the task failed: ${what}. The upstream may have created the task anyway (and may bill for it): check its task list or usage before submitting again.`,
    {
      status: name === "TimeoutError" || name === "AbortError" ? 504 : 502,
      details: { outcome: "unknown", ...(status !== undefined ? { upstreamStatus: status } : {}) },
      cause: error,
    },
  );
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host name not found",
  EAI_AGAIN: "DNS lookup failed",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  UND_ERR_SOCKET: "connection closed",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  UND_ERR_HEADERS_TIMEOUT: "no response headers in time",
  UND_ERR_BODY_TIMEOUT: "the answer stalled",
  CERT_HAS_EXPIRED: "its TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its TLS certificate is self-signed",
};

function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let i = 0; i < 4 && current; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
