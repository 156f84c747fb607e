import "server-only";
import type { Db } from "../db";
import { env } from "../env";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often one process looks for entries past retention (the delete is one indexed statement). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const state = globalThis as unknown as { studioAuditPrunedAt?: number };

/**
 * Deletes the entries older than the retention (AUDIT_RETENTION_DAYS; 0 keeps them forever).
 * The only code that deletes audit entries. Answers how many went.
 */
export async function pruneAudit(db: Db, retentionDays: number, now = Date.now()): Promise<number> {
  if (retentionDays <= 0) return 0;
  const { count } = await db.auditEntry.deleteMany({
    where: { at: { lt: new Date(now - retentionDays * DAY_MS) } },
  });
  return count;
}

/** pruneAudit at most once an hour per process, from the writes themselves: no scheduler needed. */
export async function pruneAuditSometimes(db: Db, now = Date.now()): Promise<void> {
  if (state.studioAuditPrunedAt !== undefined && now - state.studioAuditPrunedAt < PRUNE_EVERY_MS) return;
  state.studioAuditPrunedAt = now;
  await pruneAudit(db, env().auditRetentionDays, now);
}
