/**
 * The HTTP client of the native text API ({llm_base_url}/v1/models/{model}:{method}) with the
 * server-side key. Returns the upstream response unread on success so streams can be relayed as
 * they arrive; every failure becomes a StudioError the routes and the chat can show. Its message
 * keeps the upstream's words for the log; what a browser sees of them is decided at the response
 * boundary (lib/upstream/public-text: no key, no upstream address).
 */
import "server-only";
import { env } from "../env";
import { StudioError } from "../errors";
import type { UpstreamConfig } from "./config";
import { extractErrorCode, extractErrorMessage } from "./error-message";
import type { TextMethod } from "./native-schema";

/**
 * How long the text API may take, per method (docs/decisions/chat.md, "Timeouts"). A pro model
 * analysing a video can think for minutes before its first byte, so the first wait is long; once a
 * stream flows, a minute without a byte means it is stuck.
 */
export const TEXT_API_TIMEOUTS = {
  /** generateContent: the whole answer, headers and body. */
  generateMs: 300_000,
  /** streamGenerateContent: headers and the first chunk. */
  firstChunkMs: 300_000,
  /** streamGenerateContent: between two reads of the body (any bytes, keep-alive comments too). */
  idleMs: 60_000,
} as const;

/** A wait as a message shows it: "300 s", or "250 ms" below a second. */
export const formatWait = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

export type TextApiCall = {
  model: string;
  method: TextMethod;
  body: unknown;
  /** "sse" asks for server-sent events; anything else leaves the upstream's default framing. */
  alt?: string | null;
  /** The caller's lifetime (client disconnect, stop button): aborting it aborts the upstream call. */
  signal?: AbortSignal;
  /** How long to wait for the response headers; by default the method's first wait (TEXT_API_TIMEOUTS). */
  timeoutMs?: number;
};

/** Where the text API lives; injected so tests can point at any local upstream. */
export type TextApiConfig = UpstreamConfig;

export function textApiConfig(): TextApiConfig {
  const { llmBaseUrl, apiKey } = env();
  return { baseUrl: llmBaseUrl, apiKey };
}

export async function callTextApi(
  call: TextApiCall,
  config: TextApiConfig = textApiConfig(),
): Promise<Response> {
  const query = call.alt ? `?alt=${encodeURIComponent(call.alt)}` : "";
  const url = `${config.baseUrl}/v1/models/${encodeURIComponent(call.model)}:${call.method}${query}`;
  const timeoutMs =
    call.timeoutMs ??
    config.timeoutMs ??
    (call.method === "generateContent" ? TEXT_API_TIMEOUTS.generateMs : TEXT_API_TIMEOUTS.firstChunkMs);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error("headers timeout")), timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout.signal]) : timeout.signal;
  let response: Response;
  try {
    response = await plainFetch()(url, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${config.apiKey}`,
        "Content-Type": "application/json",
        Accept: call.alt === "sse" ? "text/event-stream" : "application/json",
      },
      body: typeof call.body === "string" ? call.body : JSON.stringify(call.body),
      signal,
      cache: "no-store",
    });
  } catch (cause) {
    if (call.signal?.aborted) throw call.signal.reason ?? cause;
    if (timeout.signal.aborted) {
      throw new StudioError(
        "upstream_unreachable",
        `The text API did not answer within ${formatWait(timeoutMs)}.`,
        { status: 504, details: { timeout: true }, cause },
      );
    }
    throw new StudioError(
      "upstream_unreachable",
      `The text API could not be reached (${networkReason(cause)}).`,
      {
        cause,
      },
    );
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw await upstreamRejection(response);
  return response;
}

/**
 * Inside route handlers Next.js wraps global fetch with its data cache and tracing; that bookkeeping
 * measurably delays the first streamed chunk (scripts/bench/chat-proxy.ts) and buys nothing for an
 * uncached POST. Next keeps the unwrapped function on `_nextOriginalFetch` for outside consumers.
 */
function plainFetch(): typeof fetch {
  const current = globalThis.fetch as typeof fetch & { _nextOriginalFetch?: typeof fetch };
  return current._nextOriginalFetch ?? current;
}

/** Status and message of a rejected call, from whatever error body the upstream sent. */
async function upstreamRejection(response: Response): Promise<StudioError> {
  const text = await response.text().catch(() => "");
  const status = response.status;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined; // not JSON: reported with an excerpt below
  }
  const message = body !== undefined ? extractErrorMessage(body) : undefined;
  const upstreamCode = body !== undefined ? extractErrorCode(body) : undefined;
  const detail = message ?? (text.trim() ? `a non-JSON body: "${excerpt(text)}"` : "no message");
  return new StudioError("upstream_rejected", `The text API answered HTTP ${status}: ${detail}`, {
    // Upstream 4xx/5xx statuses pass through so clients can tell quota (429) from a bad request.
    status: status >= 400 && status <= 599 ? status : 502,
    details: { upstreamStatus: status, ...(upstreamCode ? { upstreamCode } : {}) },
  });
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

// The error code only: messages such as "connect ECONNREFUSED host:port" would reveal the address.
function networkReason(cause: unknown): string {
  const inner = (cause as { cause?: { code?: unknown } })?.cause;
  return typeof inner?.code === "string" ? inner.code : "network error";
}
