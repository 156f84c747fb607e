/**
 * The events endpoints subscribe to (docs/decisions/webhooks.md). A registry: a later feature adds
 * its event here (e.g. "sequence.assembled", "comment.added") and emits it with `emitEvent`.
 */
export const WEBHOOK_EVENTS = {
  "task.completed": "A task finished with its results (before they are stored).",
  "task.failed": "A task failed, or the upstream lost it.",
  "task.stored": "A task's result files are all stored by the studio.",
  "batch.completed": "Every item of a batch is settled (stored, failed or rejected).",
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;

/** Sent only by the "test" button to the one endpoint; never subscribed to. */
export const TEST_EVENT = "webhook.test";

export function isWebhookEvent(value: string): value is WebhookEvent {
  return Object.hasOwn(WEBHOOK_EVENTS, value);
}

/** The stored comma-separated list, as the event types it names. */
export function parseEvents(stored: string): WebhookEvent[] {
  return stored.split(",").filter(isWebhookEvent);
}
