/** Conversations: list and title search, create, read with the whole thread, update, delete. */
import { TEXT_MODELS, isTextModel } from "../catalog";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { removeMediaFile } from "../storage/files";
import { isGenerating, stopConversation } from "./generations";
import { conversationPatchSchema, type ConversationPatch } from "./settings-schema";
import type { ConversationDetail, ConversationSummary, ConversationView } from "./types";
import { conversationView, messageInclude, messageView } from "./views";

export const DEFAULT_TITLE = "New chat";
export const DEFAULT_TEXT_MODEL = "llm-2.5-flash-lite";

const summarySelect = { id: true, title: true, model: true, updatedAt: true } as const;

export async function listConversations(
  db: Db,
  options: { q?: string; limit?: number } = {},
): Promise<ConversationSummary[]> {
  const q = options.q?.trim();
  const rows = await db.conversation.findMany({
    // SQLite LIKE: case-insensitive for ASCII letters, which is what title search needs.
    where: q ? { title: { contains: q } } : undefined,
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: Math.min(options.limit ?? 200, 500),
    select: summarySelect,
  });
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

function checkModel(model: string | undefined): void {
  if (model !== undefined && !isTextModel(model)) {
    const ids = TEXT_MODELS.map((m) => m.id).join(", ");
    throw new StudioError("unknown_model", `"${model}" is not a text model. Valid ids: ${ids}.`, {
      issues: [{ path: "model", message: `must be one of ${ids}` }],
    });
  }
}

function patchData(patch: ConversationPatch) {
  return {
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(patch.model !== undefined ? { model: patch.model } : {}),
    ...(patch.systemInstruction !== undefined ? { systemInstruction: patch.systemInstruction } : {}),
    ...(patch.generationConfig !== undefined
      ? { generationConfig: JSON.stringify(patch.generationConfig) }
      : {}),
  };
}

export async function createConversation(db: Db, input: unknown = {}): Promise<ConversationView> {
  const patch = conversationPatchSchema.parse(input ?? {});
  checkModel(patch.model);
  const row = await db.conversation.create({
    data: { model: DEFAULT_TEXT_MODEL, ...patchData(patch) },
  });
  return conversationView(row, { promptTokenCount: 0, candidatesTokenCount: 0, totalTokenCount: 0 });
}

export async function updateConversation(db: Db, id: string, input: unknown): Promise<ConversationView> {
  const patch = conversationPatchSchema.parse(input);
  checkModel(patch.model);
  await requireConversation(db, id);
  await db.conversation.update({ where: { id }, data: patchData(patch) });
  return getConversation(db, id);
}

export async function requireConversation(db: Db, id: string) {
  const row = await db.conversation.findUnique({ where: { id } });
  if (!row)
    throw new StudioError("not_found", `Conversation ${id} does not exist (it may have been deleted).`);
  return row;
}

export async function conversationUsage(db: Db, conversationId: string): Promise<ConversationView["usage"]> {
  const sums = await db.message.aggregate({
    where: { conversationId, role: "model" },
    _sum: { promptTokenCount: true, candidatesTokenCount: true, totalTokenCount: true },
  });
  return {
    promptTokenCount: sums._sum.promptTokenCount ?? 0,
    candidatesTokenCount: sums._sum.candidatesTokenCount ?? 0,
    totalTokenCount: sums._sum.totalTokenCount ?? 0,
  };
}

export async function getConversation(db: Db, id: string): Promise<ConversationView> {
  const row = await requireConversation(db, id);
  return conversationView(row, await conversationUsage(db, id));
}

/** The conversation and its whole thread, oldest first, exactly as stored. */
export async function getConversationDetail(db: Db, id: string): Promise<ConversationDetail> {
  const conversation = await getConversation(db, id);
  await settleOrphanedStreams(db, id);
  const rows = await db.message.findMany({
    where: { conversationId: id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: messageInclude,
  });
  return { ...conversation, messages: rows.map(messageView) };
}

/**
 * A row still "streaming" with no live generation was cut off by a restart or crash: its partial
 * text was saved as it came, so it is kept and marked interrupted.
 */
async function settleOrphanedStreams(db: Db, conversationId: string): Promise<void> {
  const streaming = await db.message.findMany({
    where: { conversationId, status: "streaming" },
    select: { id: true },
  });
  const orphans = streaming.filter((m) => !isGenerating(m.id)).map((m) => m.id);
  if (!orphans.length) return;
  await db.message.updateMany({
    where: { id: { in: orphans }, status: "streaming" },
    data: {
      status: "interrupted",
      error: JSON.stringify({
        code: "interrupted",
        message: "The studio stopped while this answer was streaming; the text received until then is kept.",
      }),
    },
  });
}

export async function deleteConversation(db: Db, id: string): Promise<void> {
  await requireConversation(db, id);
  stopConversation(id);
  const attachments = await db.attachment.findMany({
    where: { message: { conversationId: id } },
    select: { path: true },
  });
  // Rows first (messages and attachments cascade), then files: a failure never leaves a row
  // pointing at a missing file.
  await db.conversation.delete({ where: { id } });
  await Promise.all(attachments.map((a) => removeMediaFile(a.path).catch(() => undefined)));
}
