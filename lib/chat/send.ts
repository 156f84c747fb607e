/**
 * The three ways to ask for an answer: send a new message, regenerate the last answer, and edit
 * a question then resend it (later messages are dropped). Each builds and checks the upstream
 * request first (size limits included), so a refused request changes nothing; only then are the
 * rows written and the answer streamed.
 */
import "server-only";
import { ownedBy, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError, type Failure } from "../errors";
import { removeMediaFile } from "../storage/files";
import { answerStream } from "./answer";
import { buildGenerateRequest, type BuiltRequest, type HistoryMessage } from "./build-request";
import { DEFAULT_TITLE, requireConversation } from "./conversations";
import { replacedExchange } from "./failed-exchange";
import { claimAnswerLease, type AnswerLease } from "./answer-lease";
import type { SendMessageInput } from "./send-schema";
import { partsText, type GenerationSettings, type StoredPart } from "./types";
import type { TextApiConfig } from "../upstream/text-client";
import { spenderOf } from "../spend/owner";
import { admitTextCall } from "../spend/text-admission";
import { dropTextCall, type TextCall } from "../spend/text-usage";
import { errorColumn } from "./error-column";
import {
  messageInclude,
  messageView,
  parseStoredParts,
  type ConversationRow,
  type MessageRow,
} from "./views";

type Options = {
  signal?: AbortSignal;
  config?: TextApiConfig;
  /** Timeouts of the upstream call (tests shorten them); TEXT_API_TIMEOUTS by default. */
  firstChunkTimeoutMs?: number;
  idleTimeoutMs?: number;
};
type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

async function loadThread(db: Db, conversationId: string): Promise<MessageRow[]> {
  return db.message.findMany({
    where: { conversationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: messageInclude,
  });
}

const asHistory = (row: MessageRow, parts = parseStoredParts(row.parts)): HistoryMessage => ({
  role: row.role,
  status: row.status,
  parts,
  attachments: row.attachments,
});

function settingsOf(conversation: ConversationRow) {
  let generationConfig: GenerationSettings = {};
  try {
    generationConfig = JSON.parse(conversation.generationConfig) as GenerationSettings;
  } catch {
    // a hand-edited row: send no generationConfig rather than fail
  }
  return { systemInstruction: conversation.systemInstruction, generationConfig };
}

/**
 * Runs `build` with the conversation and its thread, refusing while an answer is being prepared or
 * streamed in it by any studio process. The conversation's lease is claimed in one statement
 * before the thread is read; `build` hands it to the answer's stream, which gives it back when the
 * answer ends. A `build` that fails gives it back here.
 */
async function withThread<T>(
  db: Db,
  viewer: Viewer,
  conversationId: string,
  build: (conversation: ConversationRow, thread: MessageRow[], lease: AnswerLease) => Promise<T>,
): Promise<T> {
  const conversation = await requireConversation(db, viewer, conversationId);
  const lease = await claimAnswerLease(db, conversationId);
  if (!lease) {
    throw new StudioError(
      "conflict",
      "An answer is still streaming in this conversation; stop it or wait for it to end.",
    );
  }
  try {
    return await build(conversation, await loadThread(db, conversationId), lease);
  } catch (error) {
    await lease.release().catch(() => undefined);
    throw error;
  }
}

/**
 * Admits the answer as a text call of the conversation's owner (rate limit, budget: lib/spend/
 * text-admission.ts) before `write` changes any row, so a refused answer changes nothing; a write
 * that fails takes the call back.
 */
async function admitted<T>(db: Db, conversation: ConversationRow, write: () => Promise<T>) {
  const call = await admitTextCall(db, {
    spender: spenderOf(conversation.userId),
    source: "chat",
    model: conversation.model,
  });
  try {
    return { call, rows: await write() };
  } catch (error) {
    await dropTextCall(db, call);
    throw error;
  }
}

function streamAnswer(
  db: Db,
  conversation: ConversationRow,
  { request, notices }: BuiltRequest,
  rows: { user: MessageRow | null; model: MessageRow },
  lease: AnswerLease,
  options: Options,
  textCall: TextCall,
) {
  return answerStream({
    notices,
    db,
    lease,
    textCall,
    conversationId: conversation.id,
    userMessage: rows.user ? messageView(rows.user) : null,
    modelMessage: messageView(rows.model),
    model: conversation.model,
    request,
    ...options,
  });
}

/** The answer's row, created after the question so the thread's order never depends on ids. */
async function createPlaceholder(tx: Tx, conversation: ConversationRow, after: Date, notices: Failure[]) {
  return tx.message.create({
    data: {
      conversationId: conversation.id,
      role: "model",
      parts: "[]",
      status: "streaming",
      model: conversation.model,
      generationConfig: conversation.generationConfig,
      error: errorColumn(null, notices),
      createdAt: new Date(Math.max(Date.now(), after.getTime() + 1)),
    },
    include: messageInclude,
  });
}

function titleFrom(parts: StoredPart[], names: string[]): string {
  const text = partsText(parts).replace(/\s+/g, " ").trim();
  const source = text || names[0] || DEFAULT_TITLE;
  return source.length > 60 ? `${source.slice(0, 59)}…` : source;
}

export async function sendMessage(
  db: Db,
  viewer: Viewer,
  conversationId: string,
  input: SendMessageInput,
  options: Options = {},
): Promise<ReadableStream<Uint8Array>> {
  return withThread(db, viewer, conversationId, async (conversation, thread, lease) => {
    // Only the exchange the composer's draft came back from is replaced; every other turn is kept.
    const superseded = replacedExchange(
      thread,
      (m) => partsText(parseStoredParts(m.parts)),
      input.replaceFailed,
    );
    const kept = thread.slice(0, thread.length - superseded.length);

    const attachments = input.attachmentIds.length
      ? await db.attachment.findMany({ where: { id: { in: input.attachmentIds }, ...ownedBy(viewer) } })
      : [];
    for (const id of input.attachmentIds) {
      const row = attachments.find((a) => a.id === id);
      if (!row) throw new StudioError("not_found", `Attachment ${id} does not exist; attach the file again.`);
      if (row.messageId && row.messageId !== superseded[0]?.id) {
        throw new StudioError(
          "conflict",
          `"${row.originalName}" was already sent with another message; attach it again.`,
        );
      }
    }
    const ordered = input.attachmentIds.map((id) => attachments.find((a) => a.id === id)!);
    const parts: StoredPart[] = [
      ...ordered.map((a) => ({ attachmentId: a.id })),
      ...input.fileRefs.map((fileData) => ({ fileData })),
      ...(input.text.trim() ? [{ text: input.text }] : []),
    ];

    const request = await buildGenerateRequest(db, settingsOf(conversation), [
      ...kept.map((row) => asHistory(row)),
      { role: "user", status: "complete", parts, attachments: ordered },
    ]);

    const { call, rows } = await admitted(db, conversation, () =>
      db.$transaction(async (tx) => {
        if (superseded.length) {
          await tx.attachment.updateMany({
            where: { messageId: superseded[0].id },
            data: { messageId: null },
          });
          await tx.message.deleteMany({ where: { id: { in: superseded.map((m) => m.id) } } });
        }
        const created = await tx.message.create({
          data: { conversationId, role: "user", parts: JSON.stringify(parts), status: "complete" },
        });
        if (ordered.length) {
          await tx.attachment.updateMany({
            where: { id: { in: input.attachmentIds } },
            data: { messageId: created.id },
          });
        }
        const firstQuestion = kept.every((m) => m.role !== "user");
        await tx.conversation.update({
          where: { id: conversationId },
          data: {
            updatedAt: new Date(),
            ...(firstQuestion && conversation.title === DEFAULT_TITLE
              ? {
                  title: titleFrom(
                    parts,
                    ordered.map((a) => a.originalName),
                  ),
                }
              : {}),
          },
        });
        const user = await tx.message.findUniqueOrThrow({
          where: { id: created.id },
          include: messageInclude,
        });
        return { user, model: await createPlaceholder(tx, conversation, created.createdAt, request.notices) };
      }),
    );

    return streamAnswer(db, conversation, request, rows, lease, options, call);
  });
}

/** Replaces the last answer with a new one for the same question (with the current settings). */
export async function regenerateAnswer(
  db: Db,
  viewer: Viewer,
  conversationId: string,
  options: Options = {},
): Promise<ReadableStream<Uint8Array>> {
  return withThread(db, viewer, conversationId, async (conversation, thread, lease) => {
    const dropped = thread.at(-1)?.role === "model" ? [thread.at(-1)!] : [];
    const kept = thread.slice(0, thread.length - dropped.length);
    if (kept.at(-1)?.role !== "user")
      throw new StudioError("conflict", "There is no question to answer again.");

    const request = await buildGenerateRequest(
      db,
      settingsOf(conversation),
      kept.map((row) => asHistory(row)),
    );
    const { call, rows: model } = await admitted(db, conversation, () =>
      db.$transaction(async (tx) => {
        await tx.message.deleteMany({ where: { id: { in: dropped.map((m) => m.id) } } });
        await tx.conversation.update({ where: { id: conversationId }, data: { updatedAt: new Date() } });
        return createPlaceholder(tx, conversation, kept.at(-1)!.createdAt, request.notices);
      }),
    );
    return streamAnswer(db, conversation, request, { user: null, model }, lease, options, call);
  });
}

/** New text for a question (its attachments stay); everything after it is dropped, then answered anew. */
export async function editAndResend(
  db: Db,
  viewer: Viewer,
  messageId: string,
  text: string,
  options: Options = {},
): Promise<ReadableStream<Uint8Array>> {
  const target = await db.message.findFirst({
    where: { id: messageId, conversation: ownedBy(viewer) },
    select: { conversationId: true, role: true },
  });
  if (!target) throw new StudioError("not_found", `Message ${messageId} does not exist.`);
  if (target.role !== "user")
    throw new StudioError("invalid_request", "Only your own messages can be edited.");
  return withThread(db, viewer, target.conversationId, async (conversation, thread, lease) => {
    const index = thread.findIndex((m) => m.id === messageId);
    const edited = thread[index];
    const later = thread.slice(index + 1);
    const parts: StoredPart[] = [...parseStoredParts(edited.parts).filter((p) => !("text" in p)), { text }];

    const request = await buildGenerateRequest(db, settingsOf(conversation), [
      ...thread.slice(0, index).map((row) => asHistory(row)),
      asHistory(edited, parts),
    ]);
    const droppedFiles = later.flatMap((m) => m.attachments.map((a) => a.path));
    const { call, rows } = await admitted(db, conversation, () =>
      db.$transaction(async (tx) => {
        await tx.message.deleteMany({ where: { id: { in: later.map((m) => m.id) } } });
        await tx.message.update({ where: { id: messageId }, data: { parts: JSON.stringify(parts) } });
        await tx.conversation.update({ where: { id: conversation.id }, data: { updatedAt: new Date() } });
        const user = await tx.message.findUniqueOrThrow({
          where: { id: messageId },
          include: messageInclude,
        });
        return { user, model: await createPlaceholder(tx, conversation, edited.createdAt, request.notices) };
      }),
    );
    await Promise.all(droppedFiles.map((p) => removeMediaFile(p).catch(() => undefined)));
    return streamAnswer(db, conversation, request, rows, lease, options, call);
  });
}
