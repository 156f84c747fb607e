import type { Db } from "../../db-client";
import { Prisma } from "../../generated/prisma/client";
import { claimRows, leaseFree } from "../claim-rows";
import { claimLease } from "../lease";
import { claimPaceSlot } from "../pace-slot";
import { countInWindow } from "../window-counter";

/** One instant for every race, so the window and the pace are the same for both processes. */
export const RACE_NOW = 9_000_000;

export type RaceOutcome = { counts: number[]; paceClaims: number; rowIds: string[]; leaseHeld: boolean };

/** What one process does in the race: many counts, pace claims, row claims and one lease claim at once. */
export async function raceOnce(db: Db, conversationId: string, prefix: string): Promise<RaceOutcome> {
  const counts = Promise.all(
    Array.from({ length: 20 }, () => countInWindow(db, "submit", "race", 60_000, RACE_NOW)),
  );
  const paces = Promise.all(Array.from({ length: 5 }, () => claimPaceSlot(db, "race", RACE_NOW, 60_000)));
  const rows = Promise.all(
    Array.from({ length: 3 }, (_, i) =>
      claimRows<{ id: string }>(db, {
        table: "Conversation",
        set: Prisma.sql`"answerLeaseId" = ${`${prefix}-${i}`}, "answerLeaseUntil" = ${RACE_NOW + 1_000}`,
        where: Prisma.sql`"model" = 'race' AND ${leaseFree(Prisma.sql`"answerLeaseUntil"`, RACE_NOW)}`,
        orderBy: Prisma.sql`"id" ASC`,
        limit: 5,
        returning: ["id"],
      }),
    ),
  );
  const lease = claimLease(
    db,
    { table: "Conversation", holder: "answerLeaseId", until: "answerLeaseUntil" },
    conversationId,
    {
      token: prefix,
      now: RACE_NOW,
      leaseMs: 1_000,
    },
  );
  return {
    counts: (await counts).map((c) => c.count),
    paceClaims: (await paces).filter((p) => p.claimed).length,
    rowIds: (await rows).flat().map((r) => r.id),
    leaseHeld: await lease,
  };
}
