import { randomUUID } from "node:crypto";
import type { Db } from "../db-client";
import { claimLease, readHeld, releaseLease, renewLease, updateHeld } from "../coordination/lease";

/**
 * One answer per conversation, whichever studio process serves the request. A send claims the
 * conversation's lease in one statement (free, or expired because its holder died), holds it while
 * it builds the upstream request and while the answer streams, renewing it, and gives it back at the
 * end. The holder also looks, every `checkMs`, whether the stop button was pressed in another
 * process (`answerStopAt`) or the lease was lost (the conversation was deleted).
 *
 * The lease itself is lib/coordination/lease.ts on the conversation's row.
 */
export const ANSWER_LEASE = {
  /** A dead process's claim runs out after this long. */
  leaseMs: 30_000,
  /** Renewed this often while held (a third of the lease: two renewals may fail before it lapses). */
  renewMs: 10_000,
  /** How often the holder reads whether a stop was asked for elsewhere: the stop button's delay. */
  checkMs: 1_000,
};

const LEASE = { table: "Conversation", holder: "answerLeaseId", until: "answerLeaseUntil" };

/** What a new holder starts from and a release leaves: no answer attached, no stop asked. */
const NO_ANSWER = { answerMessageId: null, answerStopAt: null };

type StopRow = { answerStopAt: number | bigint | null };

export type AnswerLease = {
  readonly conversationId: string;
  /** The answer row that streams under this lease: a stop for it may come from any process. */
  attach(messageId: string): Promise<void>;
  /** Called when another process asks to stop, or the lease is lost (conversation deleted). */
  watch(handlers: { onStop: () => void; onLost: () => void }): void;
  release(): Promise<void>;
};

export async function claimAnswerLease(
  db: Db,
  conversationId: string,
  timing = ANSWER_LEASE,
): Promise<AnswerLease | null> {
  const token = randomUUID();
  const now = Date.now();
  const claimed = await claimLease(db, LEASE, conversationId, {
    token,
    now,
    leaseMs: timing.leaseMs,
    set: NO_ANSWER,
  });
  if (!claimed) return null;

  let handlers: { onStop: () => void; onLost: () => void } | null = null;
  let released = false;
  let renewedAt = now;
  let checking = false;
  const check = async () => {
    if (checking || released) return;
    checking = true;
    try {
      const at = Date.now();
      const rows =
        at - renewedAt >= timing.renewMs
          ? await renewLease<StopRow>(db, LEASE, conversationId, token, at + timing.leaseMs, ["answerStopAt"])
          : await readHeld<StopRow>(db, LEASE, conversationId, token, ["answerStopAt"]);
      if (at - renewedAt >= timing.renewMs && rows.length) renewedAt = at;
      if (released) return;
      if (!rows.length) handlers?.onLost();
      else if (rows[0].answerStopAt !== null) handlers?.onStop();
    } catch {
      // A busy database: the next check tries again; the lease outlives two missed renewals.
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), timing.checkMs);
  timer.unref?.();

  return {
    conversationId,
    async attach(messageId) {
      await updateHeld(db, LEASE, conversationId, token, { answerMessageId: messageId });
    },
    watch(next) {
      handlers = next;
    },
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      await releaseLease(db, LEASE, conversationId, token, NO_ANSWER);
    },
  };
}

/**
 * The stop button for an answer streaming in any process: flags it for its holder to see at its
 * next check. False when no live lease holds that answer.
 */
export async function requestStop(db: Db, messageId: string): Promise<boolean> {
  const now = Date.now();
  const flagged = await db.$executeRaw`
    UPDATE "Conversation" SET "answerStopAt" = ${now}
    WHERE "answerMessageId" = ${messageId} AND "answerLeaseUntil" > ${now}`;
  return flagged > 0;
}

/** Whether a live lease may be streaming `messageId` (held, and attached to it or not yet to any). */
export async function answerMayBeLive(db: Db, conversationId: string, messageId: string): Promise<boolean> {
  const row = await db.conversation.findUnique({
    where: { id: conversationId },
    select: { answerLeaseUntil: true, answerMessageId: true },
  });
  if (!row?.answerLeaseUntil || Number(row.answerLeaseUntil) <= Date.now()) return false;
  return row.answerMessageId === null || row.answerMessageId === messageId;
}
