import { Prisma } from "../generated/prisma/client";
import type { Queryable } from "./sql";

/**
 * A pace: at most one action per `paceMs` under one key, in every studio process together. The
 * slot is one row (`BatchSendPace`: key, nextSendAt in epoch ms) and a claim is one upsert that
 * writes only when the previous gap has passed: of claims at the same moment, on SQLite or
 * PostgreSQL, exactly one gets the row back. The others learn when to ask again.
 */
export type PaceSlot = { claimed: true } | { claimed: false; retryInMs: number };

export async function claimPaceSlot(
  db: Queryable,
  key: string,
  now: number,
  paceMs: number,
): Promise<PaceSlot> {
  const claimed = await db.$queryRaw<{ key: string }[]>(Prisma.sql`
    INSERT INTO "BatchSendPace" ("key", "nextSendAt") VALUES (${key}, ${now + paceMs})
    ON CONFLICT ("key") DO UPDATE SET "nextSendAt" = excluded."nextSendAt"
    WHERE "BatchSendPace"."nextSendAt" <= ${now}
    RETURNING "key"`);
  if (claimed.length) return { claimed: true };
  const rows = await db.$queryRaw<{ nextSendAt: number | bigint }[]>(Prisma.sql`
    SELECT "nextSendAt" FROM "BatchSendPace" WHERE "key" = ${key}`);
  return { claimed: false, retryInMs: Math.max(1, Number(rows[0]?.nextSendAt ?? now) - now) };
}

/** Gives back a claimed slot that was not used, so the next claim need not wait for it. */
export async function releasePaceSlot(db: Queryable, key: string, now: number): Promise<void> {
  await db.$executeRaw(Prisma.sql`UPDATE "BatchSendPace" SET "nextSendAt" = ${now} WHERE "key" = ${key}`);
}
