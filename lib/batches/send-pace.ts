import type { Db } from "../db";

/** The one pace row every runner shares (BatchSendPace). */
const KEY = "runner";

export type SendSlot = { claimed: true } | { claimed: false; retryInMs: number };

/**
 * Claims the right to send now for `paceMs` (the gap the send must leave before the next one, in
 * any studio process). One upsert that only writes when the previous gap has passed: of runners
 * asking at once, on SQLite or PostgreSQL, exactly one gets the row back. The others learn when
 * to ask again.
 */
export async function claimSendSlot(db: Db, now: number, paceMs: number): Promise<SendSlot> {
  const claimed = await db.$queryRaw<{ key: string }[]>`
    INSERT INTO "BatchSendPace" ("key", "nextSendAt") VALUES (${KEY}, ${now + paceMs})
    ON CONFLICT ("key") DO UPDATE SET "nextSendAt" = excluded."nextSendAt"
    WHERE "BatchSendPace"."nextSendAt" <= ${now}
    RETURNING "key"`;
  if (claimed.length) return { claimed: true };
  const row = await db.batchSendPace.findUnique({ where: { key: KEY } });
  return { claimed: false, retryInMs: Math.max(1, Number(row?.nextSendAt ?? now) - now) };
}

/** Gives back a claimed slot that sent nothing (the item was gone), so no runner waits for it. */
export async function releaseSendSlot(db: Db, now: number): Promise<void> {
  await db.batchSendPace.updateMany({ where: { key: KEY }, data: { nextSendAt: now } });
}
