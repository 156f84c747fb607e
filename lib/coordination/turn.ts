import { Prisma } from "../generated/prisma/client";
import type { Queryable } from "./sql";

/**
 * One at a time per key across every process, for a transaction that decides from what it reads
 * (a budget admission): its first statement writes the key's `BudgetAdmission` row. On SQLite that
 * takes the write lock before anything is read (a transaction that reads first fails with
 * SQLITE_BUSY_SNAPSHOT when another process wrote meanwhile; lib/gallery/review.ts); on PostgreSQL
 * it holds that row's lock until commit, so the next transaction of the same key waits for it.
 * Call it first inside the transaction.
 */
export async function takeTurn(tx: Queryable, key: string, now: number): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO "BudgetAdmission" ("spender", "at") VALUES (${key}, ${now})
    ON CONFLICT ("spender") DO UPDATE SET "at" = excluded."at"`);
}
