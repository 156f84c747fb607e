/** Database rows -> the JSON views of the studio's chat API. */
import type { Prisma } from "../generated/prisma/client";
import { mediaKindOf } from "./limits";
import {
  partsText,
  storedPartSchema,
  type AttachmentView,
  type ConversationView,
  type GenerationSettings,
  type MessageError,
  type MessageView,
  type StoredPart,
} from "./types";

export const messageInclude = {
  attachments: { orderBy: { createdAt: "asc" } },
} satisfies Prisma.MessageInclude;

export type MessageRow = Prisma.MessageGetPayload<{ include: typeof messageInclude }>;
export type AttachmentRow = MessageRow["attachments"][number];
export type ConversationRow = Prisma.ConversationGetPayload<object>;

export function attachmentView(row: AttachmentRow): AttachmentView {
  return {
    id: row.id,
    kind: row.kind === "video" ? "video" : mediaKindOf(row.mimeType),
    mimeType: row.mimeType,
    size: row.size,
    name: row.originalName,
    url: `/api/chat/attachments/${row.id}`,
    sourceMediaId: row.sourceMediaId,
  };
}

export function parseStoredParts(json: string): StoredPart[] {
  const value = parseJson(json);
  if (!Array.isArray(value)) return [];
  return value.flatMap((p) => {
    const parsed = storedPartSchema.safeParse(p);
    return parsed.success ? [parsed.data] : [];
  });
}

export function messageView(row: MessageRow): MessageView {
  const parts = parseStoredParts(row.parts);
  const hasUsage = row.totalTokenCount !== null || row.promptTokenCount !== null;
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role === "model" ? "model" : "user",
    parts,
    text: partsText(parts),
    attachments: row.attachments.map(attachmentView),
    model: row.model,
    generationConfig: row.generationConfig ? (parseJson(row.generationConfig) as GenerationSettings) : null,
    finishReason: row.finishReason,
    usage: hasUsage
      ? {
          promptTokenCount: row.promptTokenCount,
          candidatesTokenCount: row.candidatesTokenCount,
          totalTokenCount: row.totalTokenCount,
        }
      : null,
    status: row.status as MessageView["status"],
    error: row.error ? parseError(row.error) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function conversationView(row: ConversationRow, usage: ConversationView["usage"]): ConversationView {
  return {
    id: row.id,
    title: row.title,
    model: row.model,
    systemInstruction: row.systemInstruction,
    generationConfig: (parseJson(row.generationConfig) ?? {}) as GenerationSettings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    usage,
  };
}

function parseError(text: string): MessageError {
  const value = parseJson(text) as Partial<MessageError> | undefined;
  return value && typeof value.message === "string"
    ? { code: value.code ?? "error", status: value.status, message: value.message }
    : { code: "error", message: text };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
