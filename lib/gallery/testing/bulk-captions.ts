import { sqlDialect, type Db } from "../../db-client";
import { Prisma } from "../../generated/prisma/client";

/**
 * Captions and tags for a bulk-seeded library (./bulk-seed.ts), as the describer leaves them: every
 * second task gets one of these four, in one statement per kind. The search triggers write the
 * search rows as for the describer's own writes (each task's one search row: PostgreSQL's document,
 * SQLite's TaskSearchFts row), so a caption-only word (`umbrella`) matches one task in eight.
 */
export const BULK_CAPTIONS = [
  ["A figure holds a red umbrella in the rain.", ["umbrella", "rain", "figure"]],
  ["Paper lanterns glow over a night market.", ["lantern", "market", "night"]],
  ["A boat drifts on a calm green lake.", ["boat", "lake", "water"]],
  ["Snow falls on a quiet mountain village.", ["snow", "village", "mountain"]],
] as const;

export async function bulkCaptionGallery(db: Db): Promise<void> {
  const postgres = sqlDialect(db) === "postgresql";
  const id = postgres ? `md5(s."id")` : `lower(hex(randomblob(12)))`;
  const rowNumber = postgres ? `ROW_NUMBER() OVER (ORDER BY t."id")` : `t.rowid`;
  for (const [i, [caption, tags]] of BULK_CAPTIONS.entries()) {
    await db.$executeRaw(Prisma.sql`
      INSERT INTO "TaskDescription" ("id", "taskId", "status", "caption", "tags", "createdAt", "updatedAt")
      SELECT ${Prisma.raw(id)}, s."id", 'done', ${caption}, ${JSON.stringify(tags)}, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
      FROM (SELECT t."id", ${Prisma.raw(rowNumber)} AS n FROM "Task" t) s WHERE s.n % 8 = ${i * 2}`);
  }
  // Statistics for the planner, as after any bulk change (VACUUM too on PostgreSQL: the trigger
  // rewrote half the search documents, and the walk's index-only scan wants a clean visibility map).
  await db.$executeRawUnsafe(postgres ? `VACUUM ANALYZE "TaskPromptSearch"` : `ANALYZE`);
  if (postgres) await db.$executeRawUnsafe(`ANALYZE "TaskDescription"`);
}
