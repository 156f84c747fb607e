import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { LOCAL_OWNER } from "./local-owner";

export { LOCAL_OWNER };

/*
 * Whose spend a task, batch or conversation is: its owner (`userId`, lib/auth/scope.ts), or — when
 * it has none (made with accounts off, or before accounts) — the implicit local user, whose id is
 * LOCAL_OWNER (lib/auth/local-user.ts).
 */

/** The spender of a row with this owner. */
export function spenderOf(userId: string | null): string {
  return userId ?? LOCAL_OWNER;
}

/** The rows (tasks, batches, conversations) a spender's spend is counted from. */
export function spenderWhere(spender: string): { userId: string | null } {
  return { userId: spender === LOCAL_OWNER ? null : spender };
}

/** The batches whose planned items count as this spender's. */
export async function batchIdsOf(db: Prisma.TransactionClient, spender: string): Promise<string[]> {
  const rows = await db.batch.findMany({ where: spenderWhere(spender), select: { id: true } });
  return rows.map((row) => row.id);
}

/** Tasks whose spender is this one. */
export function ownedTasksWhere(spender: string): Prisma.TaskWhereInput {
  return spenderWhere(spender);
}
