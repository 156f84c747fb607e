import { Webhook } from "standardwebhooks";
import type { Failure } from "../errors";
import { safeFetch, type FetchPolicy } from "../net/safe-fetch";
import { answeredStatus, noAnswerWithin, sendFailed } from "./failures";

export type SendResult = {
  status: number | null;
  latencyMs: number;
  /** Why the attempt failed (none for a 2xx), kept on the attempt's log row. */
  error: Failure | null;
  bodyExcerpt: string | null;
};

const EXCERPT_BYTES = 1024;

/**
 * One POST of a delivery, signed per the Standard Webhooks spec: `webhook-id` (the delivery's id,
 * the same on every attempt so receivers can drop repeats), `webhook-timestamp` (this attempt's
 * time) and `webhook-signature` (HMAC-SHA256 of id.timestamp.body with the endpoint's secret).
 * Through the safe fetch: a private or loopback receiver is refused unless FETCH_ALLOW_PRIVATE
 * lists it. Never throws: every outcome is a SendResult for the log.
 */
export async function sendWebhook(
  target: { url: string; secret: string },
  message: { id: string; payload: string },
  options: { policy: FetchPolicy; timeoutMs: number; now: Date },
): Promise<SendResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const signature = new Webhook(target.secret).sign(message.id, options.now, message.payload);
    const response = await safeFetch(
      target.url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "ModelStudio-Webhooks/1",
          "webhook-id": message.id,
          "webhook-timestamp": String(Math.floor(options.now.getTime() / 1000)),
          "webhook-signature": signature,
        },
        body: message.payload,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      options.policy,
    );
    const bodyExcerpt = await readExcerpt(response);
    const ok = response.status >= 200 && response.status < 300;
    return {
      status: response.status,
      latencyMs: latency(),
      error: ok ? null : answeredStatus(response.status),
      bodyExcerpt,
    };
  } catch (error) {
    const timedOut = (error as Error)?.name === "TimeoutError";
    const failure = timedOut ? noAnswerWithin(options.timeoutMs) : sendFailed(error, target.url);
    return { status: null, latencyMs: latency(), error: failure, bodyExcerpt: null };
  }
}

/** The first KiB of the answer, as text; the rest is not read. */
async function readExcerpt(response: Response): Promise<string | null> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const text = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8");
  return text || null;
}
