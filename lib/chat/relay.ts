/**
 * The proxy's answer: a streamed call is relayed as it arrives (chunk by chunk, never collected,
 * with an idle limit); a plain call is read within one deadline and checked to be JSON.
 */
import "server-only";
import { StudioError } from "../errors";
import {
  TEXT_API_TIMEOUTS,
  callTextApi,
  formatWait,
  textApiConfig,
  type TextApiCall,
  type TextApiConfig,
} from "../upstream/text-client";
import type { UsageMetadata } from "../upstream/native-schema";
import { UsageScanner } from "./usage-scanner";

// no-transform keeps compression from buffering chunks; X-Accel-Buffering does the same for nginx.
const STREAM_HEADERS = { "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" };

export type RelayLimits = { generateMs?: number; firstChunkMs?: number; idleMs?: number };

/**
 * Told once how the call ended and what usage it reported (the last usageMetadata seen; null when
 * none came): at the end of the answer, when the caller goes away mid-stream, or on any failure.
 */
export type TextMeter = (
  usage: UsageMetadata | null,
  outcome: "complete" | "interrupted" | "error",
) => void | Promise<void>;

/**
 * The meter, told once. Its work is awaited before the caller sees the end of the answer (the JSON,
 * or the stream's close), so a client that reads the spend right after finds its call there.
 */
type Told = ReturnType<typeof once>;

function once(meter: TextMeter | undefined): (...args: Parameters<TextMeter>) => Promise<void> {
  let told = false;
  return async (usage, outcome) => {
    if (told) return;
    told = true;
    await meter?.(usage, outcome);
  };
}

export async function relayTextApi(
  call: TextApiCall,
  config: TextApiConfig = textApiConfig(),
  limits: RelayLimits = {},
  meter?: TextMeter,
): Promise<Response> {
  const tell = once(meter);
  try {
    return await relay(call, config, limits, tell);
  } catch (error) {
    await tell(null, "error");
    throw error;
  }
}

async function relay(
  call: TextApiCall,
  config: TextApiConfig,
  limits: RelayLimits,
  tell: Told,
): Promise<Response> {
  const { generateMs, firstChunkMs, idleMs } = { ...TEXT_API_TIMEOUTS, ...limits };
  // Ends the upstream call when the caller goes away or a time limit passes.
  const upstreamCall = new AbortController();
  const signal = call.signal ? AbortSignal.any([call.signal, upstreamCall.signal]) : upstreamCall.signal;
  if (call.method === "streamGenerateContent") {
    const firstBytesBy = Date.now() + firstChunkMs;
    const upstream = await callTextApi(
      { ...call, signal, timeoutMs: call.timeoutMs ?? firstChunkMs },
      config,
    );
    const contentType =
      upstream.headers.get("content-type") ?? (call.alt === "sse" ? "text/event-stream" : "application/json");
    return new Response(
      withIdleLimit(upstream.body, { firstBytesBy, firstChunkMs, idleMs, upstreamCall, contentType, tell }),
      {
        status: upstream.status,
        headers: { "Content-Type": contentType, ...STREAM_HEADERS },
      },
    );
  }
  // generateContent: one deadline for headers and body together.
  const deadline = setTimeout(() => upstreamCall.abort(new Error("deadline")), generateMs);
  let text: string;
  let status: number;
  try {
    const upstream = await callTextApi({ ...call, signal, timeoutMs: call.timeoutMs ?? generateMs }, config);
    status = upstream.status;
    text = await upstream.text();
  } catch (error) {
    if (upstreamCall.signal.aborted && !call.signal?.aborted) {
      throw new StudioError(
        "upstream_unreachable",
        `The text API did not finish its answer within ${formatWait(generateMs)}.`,
        { status: 504, details: { timeout: true } },
      );
    }
    throw error;
  } finally {
    clearTimeout(deadline);
  }
  try {
    const parsed = JSON.parse(text) as { usageMetadata?: UsageMetadata } | null;
    await tell(parsed?.usageMetadata ?? null, status < 400 ? "complete" : "error");
  } catch {
    const flat = text.replace(/\s+/g, " ").trim().slice(0, 200);
    throw new StudioError(
      "upstream_bad_response",
      `The text API answered HTTP ${status} with a body that is not JSON: "${flat}"`,
    );
  }
  return new Response(text, {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The upstream body, passed on as it arrives, ended when it stays silent too long: first the wait
 * for the first bytes, then the idle limit between reads. On SSE the caller gets a last `error`
 * event (the native API's in-stream error shape) so it can tell a timeout from a network break;
 * other framings can only be cut.
 */
function withIdleLimit(
  body: ReadableStream<Uint8Array> | null,
  limits: {
    /** When the first bytes are due (the headers' wait counts against it) and the allowance it came from. */
    firstBytesBy: number;
    firstChunkMs: number;
    idleMs: number;
    upstreamCall: AbortController;
    contentType: string;
    tell: Told;
  },
): ReadableStream<Uint8Array> | null {
  if (!body) {
    void limits.tell(null, "complete");
    return body;
  }
  const usage = new UsageScanner();
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(out) {
        const first = timer === undefined;
        const silent = first ? limits.firstChunkMs : limits.idleMs;
        const wait = first ? Math.max(0, limits.firstBytesBy - Date.now()) : limits.idleMs;
        const timedOut = new Promise<"timeout">((resolve) => {
          timer = setTimeout(() => resolve("timeout"), wait);
        });
        let result: ReadableStreamReadResult<Uint8Array> | "timeout";
        try {
          result = await Promise.race([reader.read(), timedOut]);
        } catch (error) {
          await limits.tell(usage.usage, "interrupted");
          out.error(error);
          return;
        } finally {
          clearTimeout(timer);
        }
        if (result === "timeout") {
          await limits.tell(usage.usage, "interrupted");
          limits.upstreamCall.abort(new Error("idle"));
          reader.cancel().catch(() => {});
          const message = `The text API sent nothing for ${formatWait(silent)}, so the studio gave up.`;
          if (limits.contentType.includes("text/event-stream")) {
            const event = { error: { code: 504, status: "DEADLINE_EXCEEDED", message } };
            out.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(event)}\n\n`));
            out.close();
          } else {
            out.error(new Error(message));
          }
          return;
        }
        if (result.done) {
          await limits.tell(usage.usage, "complete");
          out.close();
        } else {
          usage.push(result.value);
          out.enqueue(result.value);
        }
      },
      cancel(reason) {
        void limits.tell(usage.usage, "interrupted");
        clearTimeout(timer);
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The chat's own event stream to the browser. */
export function chatStreamResponse(stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", ...STREAM_HEADERS },
  });
}
