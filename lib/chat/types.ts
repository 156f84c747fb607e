/**
 * The chat's stored shapes and the JSON views the studio API returns. Browser-safe.
 */
import { z } from "zod";

/** A part as the studio stores it: text, a stored attachment, or a file referenced by public URL. */
export const storedPartSchema = z.union([
  z.object({ text: z.string() }),
  z.object({ attachmentId: z.string() }),
  z.object({ fileData: z.object({ mimeType: z.string(), fileUri: z.string() }) }),
]);
export type StoredPart = z.infer<typeof storedPartSchema>;

export type MessageRole = "user" | "model";
/** complete | streaming | stopped (stop button) | interrupted (network, disconnect) | error (no answer). */
export type MessageStatus = "complete" | "streaming" | "stopped" | "interrupted" | "error";

export type Usage = {
  promptTokenCount: number | null;
  candidatesTokenCount: number | null;
  totalTokenCount: number | null;
};

/** What went wrong, as stored on the message: the studio error code, HTTP status and message. */
export type MessageError = { code: string; status?: number; message: string };

export type AttachmentView = {
  id: string;
  kind: "image" | "video";
  mimeType: string;
  size: number;
  name: string;
  url: string;
  sourceMediaId: string | null;
};

export type MessageView = {
  id: string;
  conversationId: string;
  role: MessageRole;
  parts: StoredPart[];
  /** The text parts joined: what the thread renders as markdown. */
  text: string;
  attachments: AttachmentView[];
  model: string | null;
  generationConfig: GenerationSettings | null;
  finishReason: string | null;
  usage: Usage | null;
  status: MessageStatus;
  error: MessageError | null;
  /** What the user should know about how this answer was asked (e.g. an earlier file left out). */
  notices: string[];
  createdAt: string;
  updatedAt: string;
};

export type GenerationSettings = { temperature?: number; topP?: number; maxOutputTokens?: number };

export type ConversationSummary = {
  id: string;
  title: string;
  model: string;
  updatedAt: string;
};

export type ConversationView = ConversationSummary & {
  systemInstruction: string;
  generationConfig: GenerationSettings;
  createdAt: string;
  /** Token usage summed over the answers still in the thread (replaced answers no longer count). */
  usage: { promptTokenCount: number; candidatesTokenCount: number; totalTokenCount: number };
};

export type ConversationDetail = ConversationView & { messages: MessageView[] };

export function partsText(parts: StoredPart[]): string {
  return parts.map((p) => ("text" in p ? p.text : "")).join("");
}
