/** Database rows -> the JSON views of the studio's chat API. */
import type { Prisma } from "../generated/prisma/client";
import { upstreamSecrets, type UpstreamSecrets } from "../upstream/public-text";
import { errorFields } from "./error-column";
import { mediaKindOf } from "./limits";
import {
  partsText,
  storedPartSchema,
  type AttachmentView,
  type ConversationView,
  type GenerationSettings,
  type MessageView,
  type StoredPart,
} from "./types";

export const messageInclude = {
  attachments: { orderBy: { createdAt: "asc" } },
} satisfies Prisma.MessageInclude;

export type MessageRow = Prisma.MessageGetPayload<{ include: typeof messageInclude }>;
export type AttachmentRow = MessageRow["attachments"][number];
export type ConversationRow = Prisma.ConversationGetPayload<object>;

/** Where the studio serves an attachment's bytes (app/api/chat/attachments/[id]). */
export const attachmentUrl = (id: string) => `/api/chat/attachments/${id}`;

export function attachmentView(row: AttachmentRow): AttachmentView {
  return {
    id: row.id,
    kind: row.kind === "video" ? "video" : mediaKindOf(row.mimeType),
    mimeType: row.mimeType,
    size: row.size,
    name: row.originalName,
    url: attachmentUrl(row.id),
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

/** A message as the browser sees it; a failed answer's error is upstream text (public-text). */
export function messageView(row: MessageRow, secrets: UpstreamSecrets = upstreamSecrets()): MessageView {
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
    ...errorFields(row.error, secrets),
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
