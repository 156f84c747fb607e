/**
 * The proxy's answer: a streamed call is relayed as it arrives (the upstream body itself is the
 * response body, never collected); a plain call is checked to be JSON before it is passed on.
 */
import { StudioError } from "../errors";
import { callTextApi, textApiConfig, type TextApiCall, type TextApiConfig } from "./upstream-client";

// no-transform keeps compression from buffering chunks; X-Accel-Buffering does the same for nginx.
export const STREAM_HEADERS = { "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" };

export async function relayTextApi(
  call: TextApiCall,
  config: TextApiConfig = textApiConfig(),
): Promise<Response> {
  const upstream = await callTextApi(call, config);
  if (call.method === "streamGenerateContent") {
    const contentType =
      upstream.headers.get("content-type") ?? (call.alt === "sse" ? "text/event-stream" : "application/json");
    return new Response(upstream.body, {
      status: upstream.status,
      headers: { "Content-Type": contentType, ...STREAM_HEADERS },
    });
  }
  const text = await upstream.text();
  try {
    JSON.parse(text);
  } catch {
    const flat = text.replace(/\s+/g, " ").trim().slice(0, 200);
    throw new StudioError(
      "upstream_bad_response",
      `The text API answered HTTP ${upstream.status} with a body that is not JSON: "${flat}"`,
    );
  }
  return new Response(text, {
    status: upstream.status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** The chat's own event stream to the browser. */
export function chatStreamResponse(stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", ...STREAM_HEADERS },
  });
}
