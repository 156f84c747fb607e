/**
 * The sandbox's text answers: one GenerateContentResponse for generateContent, and for
 * streamGenerateContent the same answer in text deltas, written as each is produced: a JSON array
 * (`[{…}\n,\r\n{…}]`, the default) or server-sent events (`?alt=sse`).
 */
import type { GenerateContentResponse } from "@/lib/upstream/native-schema";
import type { SandboxReply } from "./reply";

const SLOW_CHUNKS = 20;
const SLOW_INTERVAL_MS = 150;
const CHUNK_CHARS = 48;
const INTERVAL_MS = 10;
const DROP_AFTER_CHUNKS = 3;

// no-transform keeps any compressing layer from holding chunks back.
const streamHeaders = { "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" };

function chunk(model: string, text: string, last?: SandboxReply): GenerateContentResponse {
  return {
    candidates: [
      {
        content: { role: "model", parts: [{ text }] },
        index: 0,
        ...(last ? { finishReason: last.finishReason } : {}),
      },
    ],
    ...(last ? { usageMetadata: last.usage } : {}),
    modelVersion: model,
  };
}

export function completeResponse(model: string, reply: SandboxReply): Response {
  return Response.json(chunk(model, reply.text, reply), { headers: { "Cache-Control": "no-store" } });
}

/** Splits on code points (never inside a surrogate pair) into the deltas the stream will carry. */
function deltas(text: string, slow: boolean): string[] {
  const chars = Array.from(text);
  const size = slow ? Math.ceil(chars.length / SLOW_CHUNKS) : CHUNK_CHARS;
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(""));
  return out.length ? out : [""];
}

export function streamResponse(
  model: string,
  reply: SandboxReply,
  framing: "sse" | "json",
  signal: AbortSignal,
): Response {
  const pieces = deltas(reply.text, reply.triggers.slow);
  const interval = reply.triggers.slow ? SLOW_INTERVAL_MS : INTERVAL_MS;
  const encoder = new TextEncoder();
  const frame = (value: GenerateContentResponse, index: number) => {
    const json = JSON.stringify(value);
    if (framing === "sse") return `data: ${json}\r\n\r\n`;
    return index === 0 ? `[${json}` : `\n,\r\n${json}`;
  };
  let index = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;

  // highWaterMark 0: a chunk is produced only when the reader asks, so [drop] loses nothing queued.
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (index > 0) await new Promise<void>((resolve) => (timer = setTimeout(resolve, interval)));
        if (signal.aborted) return;
        if (reply.triggers.stall && index === 1) {
          // Silence until the client gives up (aborts or cancels): what a stuck upstream does.
          await new Promise<void>((resolve) => {
            wake = resolve;
            signal.addEventListener("abort", () => resolve(), { once: true });
          });
          try {
            controller.error(new Error("sandbox [stall]: the client gave up"));
          } catch {
            // already cancelled
          }
          return;
        }
        if (reply.triggers.drop && index === DROP_AFTER_CHUNKS) {
          controller.error(new Error("sandbox [drop]: connection cut mid-stream"));
          return;
        }
        const last = index === pieces.length - 1;
        controller.enqueue(
          encoder.encode(frame(chunk(model, pieces[index], last ? reply : undefined), index)),
        );
        index++;
        if (last) {
          if (framing === "json") controller.enqueue(encoder.encode("]"));
          controller.close();
        }
      },
      cancel() {
        clearTimeout(timer);
        wake?.();
      },
    },
    { highWaterMark: 0 },
  );
  const contentType =
    framing === "sse" ? "text/event-stream; charset=utf-8" : "application/json; charset=utf-8";
  return new Response(body, { headers: { "Content-Type": contentType, ...streamHeaders } });
}
