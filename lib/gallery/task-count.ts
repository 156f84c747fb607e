import { sqlDialect, type Db } from "../db-client";

/**
 * How many tasks there are, without counting them (a COUNT(*) reads a million index entries):
 * PostgreSQL's row estimate (kept by ANALYZE and autovacuum), SQLite's largest rowid (rowids only
 * grow; deleted rows leave gaps, so it may be high). For estimates and plan choices only.
 */
export async function approximateTaskCount(db: Db): Promise<number> {
  const [row] =
    sqlDialect(db) === "postgresql"
      ? await db.$queryRaw<{ n: number }[]>`
          SELECT GREATEST("reltuples", 0)::float8 AS "n" FROM "pg_class" WHERE "oid" = '"Task"'::regclass`
      : await db.$queryRaw<{ n: number | bigint | null }[]>`SELECT MAX(rowid) AS "n" FROM "Task"`;
  return Number(row?.n ?? 0);
}
