/** The browser side of the chat API: requests (through the one API client) and query keys. */
import { apiFetch, jsonInit } from "@/components/api-client";
import type { ConversationDetail, ConversationSummary, ConversationView } from "@/lib/chat/types";

export const chatKeys = {
  all: ["chat"] as const,
  list: (q: string) => ["chat", "conversations", q] as const,
  lists: ["chat", "conversations"] as const,
  detail: (id: string) => ["chat", "conversation", id] as const,
};

export async function fetchConversations(q: string): Promise<ConversationSummary[]> {
  const response = await apiFetch(`/api/chat/conversations${q ? `?q=${encodeURIComponent(q)}` : ""}`);
  return ((await response.json()) as { conversations: ConversationSummary[] }).conversations;
}

export async function fetchConversation(id: string): Promise<ConversationDetail> {
  return (await apiFetch(`/api/chat/conversations/${id}`)).json() as Promise<ConversationDetail>;
}

export async function createConversation(body: unknown): Promise<ConversationView> {
  return (
    await apiFetch("/api/chat/conversations", jsonInit("POST", body))
  ).json() as Promise<ConversationView>;
}

export async function patchConversation(id: string, body: unknown): Promise<ConversationView> {
  return (
    await apiFetch(`/api/chat/conversations/${id}`, jsonInit("PATCH", body))
  ).json() as Promise<ConversationView>;
}

export async function removeConversation(id: string): Promise<void> {
  await apiFetch(`/api/chat/conversations/${id}`, { method: "DELETE" });
}
