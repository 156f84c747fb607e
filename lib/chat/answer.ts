/**
 * Streams one answer from the upstream to the browser while persisting it. The upstream's chunks
 * are parsed as they arrive: each text delta goes to the browser at once and to the database at
 * most once a second; the final row records finishReason and usage, or, when the stream ends
 * early, keeps the partial text and says why (stopped, interrupted, error).
 */
import type { Db } from "../db";
import { isStudioError, type Failure } from "../errors";
import {
  answerFailed,
  clientDisconnected,
  emptyStream,
  streamBroken,
  streamIncomplete,
  studioErrorAnswer,
  timedOut,
  upstreamErrorMidStream,
} from "./answer-errors";
import { encodeChatEvent, type ChatEvent } from "./chat-events";
import type { AnswerLease } from "./answer-lease";
import { checkedConversationView } from "./conversations";
import { endGeneration, startGeneration, stopGeneration } from "./generations";
import { responseText, type GenerateContentRequest, type UsageMetadata } from "../upstream/native-schema";
import { framingOf, parseGenerateContentStream } from "./stream-parser";
import { TEXT_API_TIMEOUTS, callTextApi, textApiConfig, type TextApiConfig } from "../upstream/text-client";
import type { MessageError, MessageStatus, MessageView } from "./types";
import { finishTextCall, type TextCall, type TextCallOutcome } from "../spend/text-usage";
import { errorColumn } from "./error-column";
import { messageInclude, messageView } from "./views";
import { serverLog } from "../log";
import { studioMetrics } from "../metrics/studio-metrics";

const PROGRESS_SAVE_MS = 1_000;

export type AnswerJob = {
  db: Db;
  conversationId: string;
  userMessage: MessageView | null;
  modelMessage: MessageView;
  model: string;
  request: GenerateContentRequest;
  /** The browser's request: its end (tab closed, network lost) interrupts the answer. */
  signal?: AbortSignal;
  config?: TextApiConfig;
  /** Longest wait for the headers and first bytes (TEXT_API_TIMEOUTS.firstChunkMs by default). */
  firstChunkTimeoutMs?: number;
  /** Longest silence once bytes flow (TEXT_API_TIMEOUTS.idleMs by default). */
  idleTimeoutMs?: number;
  /** Kept on the answer whatever its outcome (lib/chat/build-parts.ts: files left out). */
  notices?: Failure[];
  /**
   * The conversation's answer lease (answer-lease.ts), given back when the answer is stored; through
   * it a stop pressed in another studio process reaches this answer.
   */
  lease?: AnswerLease;
  /** The admitted text call (lib/spend/text-admission.ts) whose usage this answer records. */
  textCall?: TextCall;
};

type Outcome = {
  text: string;
  status: MessageStatus;
  finishReason: string | null;
  usage: UsageMetadata | null;
  error: MessageError | null;
};

export function answerStream(job: AnswerJob): ReadableStream<Uint8Array> {
  const id = job.modelMessage.id;
  const controller = startGeneration(id, job.conversationId);
  // A stop from another process is the user's Stop; a lost lease means the conversation is gone.
  job.lease?.watch({ onStop: () => stopGeneration(id, "stop"), onLost: () => stopGeneration(id, "client") });
  const finished = async () => {
    endGeneration(id);
    await job.lease?.release().catch(() => undefined);
  };
  const onClientGone = () => stopGeneration(id, "client");
  job.signal?.addEventListener("abort", onClientGone, { once: true });
  let open = true;

  return new ReadableStream<Uint8Array>({
    start(out) {
      const send = (event: ChatEvent) => {
        if (!open) return;
        try {
          out.enqueue(encodeChatEvent(event));
        } catch {
          open = false;
        }
      };
      const run = async () => {
        await job.lease?.attach(id);
        const conversation = await checkedConversationView(job.db, job.conversationId);
        send({ type: "start", userMessage: job.userMessage, modelMessage: job.modelMessage, conversation });
        const outcome = await generate(job, controller.signal, (text) => send({ type: "delta", text }));
        // The ledger first: a conversation deleted meanwhile must not make the call's usage vanish.
        await recordUsage(job, outcome.usage, ledgerOutcome(outcome.status));
        const message = await finishAnswer(job.db, id, outcome, job.notices);
        // Free before "done": the browser may send the next question as soon as it reads it.
        await finished();
        send({
          type: "done",
          message,
          conversation: await checkedConversationView(job.db, job.conversationId),
        });
      };
      const streams = studioMetrics().chat;
      streams.activeStreams.inc();
      let outcome = "complete";
      void run()
        .catch(async (error) => {
          outcome = "failed";
          // A conversation deleted mid-answer takes the row with it: nothing left to record.
          await recordUsage(job, null, "error");
          if (await failAnswer(job.db, id, error, job.notices))
            serverLog.error("[chat] answer failed:", error);
        })
        .finally(async () => {
          streams.activeStreams.dec();
          streams.streams.inc({ outcome });
          await finished();
          job.signal?.removeEventListener("abort", onClientGone);
          if (open) {
            open = false;
            out.close();
          }
        });
    },
    cancel() {
      open = false;
      stopGeneration(id, "client");
    },
  });
}

async function generate(
  job: AnswerJob,
  signal: AbortSignal,
  onDelta: (text: string) => void,
): Promise<Outcome> {
  const id = job.modelMessage.id;
  const firstMs = job.firstChunkTimeoutMs ?? TEXT_API_TIMEOUTS.firstChunkMs;
  const idleMs = job.idleTimeoutMs ?? TEXT_API_TIMEOUTS.idleMs;
  let text = "";
  let finishReason: string | null = null;
  let usage: UsageMetadata | null = null;
  let chunks = 0;
  let bytesSeen = false;
  // One timer: the first wait until any byte arrives, then the idle limit, restarted by every read.
  let timer = setTimeout(() => stopGeneration(id, "timeout"), firstMs);
  const onBytes = () => {
    bytesSeen = true;
    clearTimeout(timer);
    timer = setTimeout(() => stopGeneration(id, "timeout"), idleMs);
  };
  const progress = throttledSave(job.db, id);
  const cut = (error: MessageError): Outcome => ({
    text,
    finishReason: null,
    usage,
    status: text ? "interrupted" : "error",
    error,
  });
  try {
    const response = await callTextApi(
      {
        model: job.model,
        method: "streamGenerateContent",
        alt: "sse",
        body: job.request,
        signal,
      },
      job.config ?? textApiConfig(),
    );
    const contentType = response.headers.get("content-type");
    const body = tapBytes(response.body ?? new ReadableStream(), onBytes);
    for await (const chunk of parseGenerateContentStream(body, { framing: framingOf(contentType) })) {
      chunks++;
      if (chunk.error) return cut(upstreamErrorMidStream(chunk.error));
      const delta = responseText(chunk);
      if (delta) {
        text += delta;
        onDelta(delta);
        progress.save(text);
      }
      finishReason = chunk.candidates?.[0]?.finishReason ?? finishReason;
      usage = chunk.usageMetadata ?? usage;
    }
    // A 200 that carried no chunk (an empty body, an HTML page) or stopped before the model said it
    // was done is not a complete answer, whatever text came before.
    if (chunks === 0) return cut(emptyStream(response.status, contentType));
    if (!finishReason) return cut(streamIncomplete());
    return { text, status: "complete", finishReason, usage, error: null };
  } catch (error) {
    const partial = { text, finishReason: null, usage };
    const reason = signal.aborted ? signal.reason : undefined;
    if (reason === "stop") return { ...partial, status: "stopped", error: null };
    if (reason === "client") return { ...partial, status: "interrupted", error: clientDisconnected() };
    if (reason === "timeout") return cut(bytesSeen ? timedOut(idleMs, true) : timedOut(firstMs, false));
    if (isStudioError(error)) return cut(studioErrorAnswer(error));
    return cut(streamBroken(error));
  } finally {
    clearTimeout(timer);
    await progress.flushed();
  }
}

const ledgerOutcome = (status: MessageStatus): TextCallOutcome =>
  status === "complete" ? "complete" : status === "error" ? "error" : "interrupted";

/** Records the call's usage in the text ledger (once; the first outcome told wins). */
async function recordUsage(job: AnswerJob, usage: UsageMetadata | null, outcome: TextCallOutcome) {
  if (!job.textCall) return;
  await finishTextCall(job.db, job.textCall, usage, outcome, { messageId: job.modelMessage.id }).catch(
    (error) => serverLog.error("[chat] usage not recorded:", error),
  );
}

/** The body's bytes as they are read, calling onBytes for each read (keep-alive comments included). */
async function* tapBytes(body: ReadableStream<Uint8Array>, onBytes: () => void) {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onBytes();
      yield value;
    }
  } finally {
    // Leaving early (stop, error) cancels the body: the upstream connection is closed.
    reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** Saves the partial text at most once per interval, one write at a time. */
function throttledSave(db: Db, id: string) {
  let last = 0;
  let chain: Promise<unknown> = Promise.resolve();
  return {
    save(text: string) {
      const now = Date.now();
      if (now - last < PROGRESS_SAVE_MS) return;
      last = now;
      chain = chain.then(() =>
        db.message
          .updateMany({ where: { id, status: "streaming" }, data: { parts: JSON.stringify([{ text }]) } })
          .catch(() => undefined),
      );
    },
    flushed: () => chain,
  };
}

async function finishAnswer(
  db: Db,
  id: string,
  outcome: Outcome,
  notices: Failure[] = [],
): Promise<MessageView> {
  const row = await db.message.update({
    where: { id },
    data: {
      parts: JSON.stringify(outcome.text ? [{ text: outcome.text }] : []),
      status: outcome.status,
      finishReason: outcome.finishReason,
      promptTokenCount: outcome.usage?.promptTokenCount ?? null,
      candidatesTokenCount: outcome.usage?.candidatesTokenCount ?? null,
      totalTokenCount: outcome.usage?.totalTokenCount ?? null,
      error: errorColumn(outcome.error, notices),
    },
    include: messageInclude,
  });
  return messageView(row);
}

/** Marks the row failed (its notices kept); false when the row no longer exists. */
async function failAnswer(db: Db, id: string, error: unknown, notices: Failure[] = []): Promise<boolean> {
  const exists = await db.message.count({ where: { id } }).catch(() => 0);
  if (!exists) return false;
  await db.message
    .updateMany({
      where: { id, status: "streaming" },
      data: {
        status: "error",
        error: errorColumn(answerFailed(error), notices),
      },
    })
    .catch(() => undefined);
  return true;
}
