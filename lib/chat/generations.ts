/**
 * Answers streaming right now in this server process, so the stop button can reach the upstream
 * call and a "streaming" row left by a crash or restart can be told apart from a live one.
 * On globalThis: route bundles may each load their own copy of this module.
 */
export type StopReason = "stop" | "client" | "timeout";

type Generation = { conversationId: string; controller: AbortController };

const shared = globalThis as typeof globalThis & {
  __studioChatGenerations?: Map<string, Generation>;
  __studioChatClaims?: Set<string>;
};
const active = (shared.__studioChatGenerations ??= new Map());

export function startGeneration(messageId: string, conversationId: string): AbortController {
  const controller = new AbortController();
  active.set(messageId, { conversationId, controller });
  return controller;
}

export function endGeneration(messageId: string): void {
  active.delete(messageId);
}

export function isGenerating(messageId: string): boolean {
  return active.has(messageId);
}

// Conversations claimed by a request that is still building its upstream request (reading the
// thread and files can take seconds): checked and claimed in one synchronous step.
const claimed = (shared.__studioChatClaims ??= new Set<string>());

function conversationBusy(conversationId: string): boolean {
  if (claimed.has(conversationId)) return true;
  for (const g of active.values()) if (g.conversationId === conversationId) return true;
  return false;
}

/**
 * Claims the conversation for an answer about to start; false when one is streaming or claimed.
 * Release it once the answer's generation has started (or the request failed).
 */
export function claimConversation(conversationId: string): boolean {
  if (conversationBusy(conversationId)) return false;
  claimed.add(conversationId);
  return true;
}

export function releaseConversation(conversationId: string): void {
  claimed.delete(conversationId);
}

/** Aborts a live answer with `reason`; the first reason wins. False when nothing is streaming. */
export function stopGeneration(messageId: string, reason: StopReason = "stop"): boolean {
  const generation = active.get(messageId);
  if (!generation) return false;
  if (!generation.controller.signal.aborted) generation.controller.abort(reason);
  return true;
}

/** Ends every live answer of a conversation (it is being deleted). */
export function stopConversation(conversationId: string): void {
  for (const [messageId, g] of active)
    if (g.conversationId === conversationId) stopGeneration(messageId, "client");
}
