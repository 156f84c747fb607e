/**
 * Answers streaming right now in this server process, so the stop button can reach the upstream
 * call at once. Which conversation is busy, across processes, is the database's answer lease
 * (answer-lease.ts); a stop pressed in another process arrives through it.
 * On globalThis: route bundles may each load their own copy of this module.
 */
export type StopReason = "stop" | "client" | "timeout";

type Generation = { conversationId: string; controller: AbortController };

const shared = globalThis as typeof globalThis & {
  __studioChatGenerations?: Map<string, Generation>;
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
