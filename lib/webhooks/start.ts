import { db } from "../db";
import { env } from "../env";
import { startWebhookWorker, type WebhookWorker } from "./worker";

/** 15 s per attempt, as Standard Webhooks' senders commonly allow; the lease outlasts it. */
export const SEND_TIMEOUT_MS = 15_000;

const globalForWorker = globalThis as unknown as { studioWebhookWorker?: WebhookWorker };

/**
 * The studio's delivery worker, once per process (instrumentation.ts, beside the tracker).
 * Receivers are reached only through the safe fetch with FETCH_ALLOW_PRIVATE as the only
 * exceptions: the upstream's origin, trusted for result files, is no reason to post events to it.
 */
export function ensureWebhookWorkerStarted(): WebhookWorker {
  const config = env();
  globalForWorker.studioWebhookWorker ??= startWebhookWorker(db(), {
    policy: { allow: config.fetchAllowPrivate },
    timeoutMs: SEND_TIMEOUT_MS,
    leaseMs: SEND_TIMEOUT_MS + 30_000,
    retryScale: config.webhookRetryScale,
    concurrency: 16,
    idleMs: 500,
    now: Date.now,
  });
  return globalForWorker.studioWebhookWorker;
}
