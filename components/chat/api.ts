/** The browser side of the chat API: requests, the error they can end in, and query keys. */
import type { ConversationDetail, ConversationSummary, ConversationView } from "@/lib/chat/types";

/** A failed call, as the studio's error body describes it (status 0: no answer at all). */
export class ChatRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = "ChatRequestError";
  }
}

export async function errorFromResponse(response: Response): Promise<ChatRequestError> {
  const text = await response.text().catch(() => "");
  try {
    const { error } = JSON.parse(text) as { error?: { code?: string; message?: string; issues?: [] } };
    if (error?.message)
      return new ChatRequestError(response.status, error.code ?? "error", error.message, error.issues);
  } catch {
    // not the studio's JSON: show the start of the body
  }
  return new ChatRequestError(
    response.status,
    "error",
    `HTTP ${response.status}: ${text.trim().slice(0, 160)}`,
  );
}

/** fetch that turns "no answer" and non-2xx answers into a ChatRequestError. */
export async function chatFetch(url: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if ((cause as Error).name === "AbortError") throw cause;
    throw new ChatRequestError(
      0,
      "network",
      "The studio server could not be reached. Check that it is running and try again.",
    );
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

export const jsonInit = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json", Accept: "application/json" },
  body: body === undefined ? undefined : JSON.stringify(body),
});

export const chatKeys = {
  all: ["chat"] as const,
  list: (q: string) => ["chat", "conversations", q] as const,
  lists: ["chat", "conversations"] as const,
  detail: (id: string) => ["chat", "conversation", id] as const,
};

export async function fetchConversations(q: string): Promise<ConversationSummary[]> {
  const response = await chatFetch(`/api/chat/conversations${q ? `?q=${encodeURIComponent(q)}` : ""}`);
  return ((await response.json()) as { conversations: ConversationSummary[] }).conversations;
}

export async function fetchConversation(id: string): Promise<ConversationDetail> {
  return (await chatFetch(`/api/chat/conversations/${id}`)).json() as Promise<ConversationDetail>;
}

export async function createConversation(body: unknown): Promise<ConversationView> {
  return (
    await chatFetch("/api/chat/conversations", jsonInit("POST", body))
  ).json() as Promise<ConversationView>;
}

export async function patchConversation(id: string, body: unknown): Promise<ConversationView> {
  return (
    await chatFetch(`/api/chat/conversations/${id}`, jsonInit("PATCH", body))
  ).json() as Promise<ConversationView>;
}

export async function removeConversation(id: string): Promise<void> {
  await chatFetch(`/api/chat/conversations/${id}`, { method: "DELETE" });
}
