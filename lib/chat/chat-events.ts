/**
 * The studio's chat stream to the browser (server-sent events). Browser-safe: the page reads it
 * with readChatEvents, the server writes it with encodeChatEvent.
 *   start  the persisted question and the answer's row (status "streaming")
 *   delta  text as it arrives from the upstream
 *   done   the answer as finally stored (status, finishReason, usage, error) and the conversation
 */
import { createParser } from "eventsource-parser";
import type { ConversationView, MessageView } from "./types";

export type ChatEvent =
  | {
      type: "start";
      userMessage: MessageView | null;
      modelMessage: MessageView;
      conversation: ConversationView;
    }
  | { type: "delta"; text: string }
  | { type: "done"; message: MessageView; conversation: ConversationView };

const encoder = new TextEncoder();

export function encodeChatEvent(event: ChatEvent): Uint8Array {
  const { type, ...data } = event;
  return encoder.encode(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** Calls `onEvent` for each event as it arrives; resolves when the stream ends. */
export async function readChatEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ChatEvent) => void,
): Promise<void> {
  const parser = createParser({
    onEvent(message) {
      const type = message.event as ChatEvent["type"] | undefined;
      if (type !== "start" && type !== "delta" && type !== "done") return;
      onEvent({ type, ...JSON.parse(message.data) } as ChatEvent);
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
  } finally {
    reader.releaseLock();
  }
}
