/**
 * The chat's stored shapes and the JSON views the studio API returns. Browser-safe.
 */
import { z } from "zod";
import type { FailureParam } from "../errors";

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

/** A kept sentence's params (lib/errors.ts Failure), by name; null when it names nothing. */
export type FailureParams = Record<string, FailureParam> | null;

/**
 * What went wrong, as stored on the message. `code` is the kind of failure (a studio error code such
 * as upstream_rejected, or the chat's own: timeout, empty_stream, stream_broken, …; the page titles
 * and advises by it: error-advice.ts) and `status` its HTTP status. `message` is the sentence in
 * English; `messageCode` and `messageParams` are that sentence's own code and params (chat_…, or
 * the studio error's code and details) for wording it in the page's language: "text" and null for
 * an answer stored before codes were kept (its sentence is shown as it is).
 */
export type MessageError = {
  code: string;
  status?: number;
  message: string;
  messageCode: string;
  messageParams: FailureParams;
};

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
  /** What the user should know about how this answer was asked (e.g. an earlier file left out), in English. */
  notices: string[];
  /** Each notice's code (chat_…; "text" for one stored before codes were kept), in `notices`' order. */
  noticeCodes: string[];
  /** Each notice's params (or null), in `notices`' order. */
  noticeParams: FailureParams[];
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
