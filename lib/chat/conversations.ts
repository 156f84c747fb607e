/** Conversations: list and title search, create, read with the whole thread, update, delete. */
import "server-only";
import { ownedBy, ownerOf, visibleOr404, type Viewer } from "../auth/scope";
import { TEXT_MODELS, isTextModel } from "../catalog";
import type { Db } from "../db";
import { containsIgnoringCase } from "../db-dialect";
import { StudioError } from "../errors";
import { removeMediaFile } from "../storage/files";
import { answerMayBeLive, requestStop } from "./answer-lease";
import { isGenerating, stopConversation, stopGeneration } from "./generations";
import { conversationPatchSchema, type ConversationPatch } from "./settings-schema";
import type { ConversationDetail, ConversationSummary, ConversationView } from "./types";
import { studioStopped } from "./answer-errors";
import { errorColumn, readErrorColumn } from "./error-column";
import { conversationView, messageInclude, messageView } from "./views";

export { DEFAULT_TITLE } from "./default-title";
export const DEFAULT_TEXT_MODEL = "llm-2.5-flash-lite";

const summarySelect = { id: true, title: true, model: true, updatedAt: true } as const;

export async function listConversations(
  db: Db,
  viewer: Viewer,
  options: { q?: string; limit?: number } = {},
): Promise<ConversationSummary[]> {
  const q = options.q?.trim();
  const rows = await db.conversation.findMany({
    where: { ...ownedBy(viewer), ...(q ? { title: containsIgnoringCase(db, q) } : {}) },
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

export async function createConversation(
  db: Db,
  viewer: Viewer,
  input: unknown = {},
): Promise<ConversationView> {
  const patch = conversationPatchSchema.parse(input ?? {});
  checkModel(patch.model);
  const row = await db.conversation.create({
    data: { model: DEFAULT_TEXT_MODEL, ...patchData(patch), userId: ownerOf(viewer) },
  });
  return conversationView(row, { promptTokenCount: 0, candidatesTokenCount: 0, totalTokenCount: 0 });
}

export async function updateConversation(
  db: Db,
  viewer: Viewer,
  id: string,
  input: unknown,
): Promise<ConversationView> {
  const patch = conversationPatchSchema.parse(input);
  checkModel(patch.model);
  await requireConversation(db, viewer, id);
  await db.conversation.update({ where: { id }, data: patchData(patch) });
  return getConversation(db, viewer, id);
}

/** The conversation if the viewer may see it; missing and another user's answer the same 404. */
export async function requireConversation(db: Db, viewer: Viewer, id: string) {
  return visibleOr404(
    viewer,
    await db.conversation.findUnique({ where: { id } }),
    `Conversation ${id} does not exist (it may have been deleted).`,
  );
}

async function conversationUsage(db: Db, conversationId: string): Promise<ConversationView["usage"]> {
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

async function getConversation(db: Db, viewer: Viewer, id: string): Promise<ConversationView> {
  const row = await requireConversation(db, viewer, id);
  return conversationView(row, await conversationUsage(db, id));
}

/** The view of a conversation whose viewer was checked when its answer started (lib/chat/answer.ts). */
export async function checkedConversationView(db: Db, id: string): Promise<ConversationView> {
  const row = await db.conversation.findUnique({ where: { id } });
  if (!row)
    throw new StudioError("not_found", `Conversation ${id} does not exist (it may have been deleted).`);
  return conversationView(row, await conversationUsage(db, id));
}

/** The conversation and its whole thread, oldest first, exactly as stored. */
export async function getConversationDetail(db: Db, viewer: Viewer, id: string): Promise<ConversationDetail> {
  const conversation = await getConversation(db, viewer, id);
  await settleOrphanedStreams(db, id);
  const rows = await db.message.findMany({
    where: { conversationId: id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: messageInclude,
  });
  return { ...conversation, messages: rows.map((row) => messageView(row)) };
}

/**
 * A row still "streaming" with no live generation — none in this process, and no live answer lease
 * for it (another process streaming it) — was cut off by a restart or crash: its partial text was
 * saved as it came, so it is kept and marked interrupted (with the notices it was asked with).
 */
async function settleOrphanedStreams(db: Db, conversationId: string): Promise<void> {
  const streaming = await db.message.findMany({
    where: { conversationId, status: "streaming" },
    select: { id: true, error: true },
  });
  for (const m of streaming) {
    if (isGenerating(m.id) || (await answerMayBeLive(db, conversationId, m.id))) continue;
    await db.message.updateMany({
      where: { id: m.id, status: "streaming" },
      data: { status: "interrupted", error: errorColumn(studioStopped(), readErrorColumn(m.error).notices) },
    });
  }
}

export async function deleteConversation(db: Db, viewer: Viewer, id: string): Promise<void> {
  await requireConversation(db, viewer, id);
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

/**
 * The stop button: ends a live answer of a conversation the viewer may see, at once when it streams
 * in this process, else within a second through the answer lease of the process streaming it.
 * Another user's message answers like one that is not streaming (false), and keeps streaming.
 */
export async function stopAnswer(db: Db, viewer: Viewer, messageId: string): Promise<boolean> {
  const visible = await db.message.count({ where: { id: messageId, conversation: ownedBy(viewer) } });
  if (!visible) return false;
  return stopGeneration(messageId, "stop") || (await requestStop(db, messageId));
}
