import { Prisma } from "../generated/prisma/client";
import { forUpdateSkipLocked, ident, type Queryable } from "./sql";

export { leaseFree } from "./lease";

/**
 * Claiming many rows at once, the way pg-boss and graphile-worker do: one atomic
 * `UPDATE … WHERE id IN (SELECT … ORDER BY … LIMIT n) RETURNING …` that takes the first `limit`
 * claimable rows and writes `set` (a lease's end, with `leaseFree` in `where`) on them. One
 * statement is atomic in SQLite (a single writer). PostgreSQL runs it under READ COMMITTED: two
 * claims would both select the same free rows from their snapshots and the second UPDATE would
 * take them again after waiting for the first, so there the inner SELECT locks what it picks and
 * skips rows another claim holds (`FOR UPDATE SKIP LOCKED`). Either way two claimers — two
 * workers, or two studio processes on one database — never take the same row.
 */
export type RowClaim = {
  table: string;
  set: Prisma.Sql;
  where: Prisma.Sql;
  orderBy: Prisma.Sql;
  limit: number;
  returning: readonly string[];
};

export async function claimRows<Row>(db: Queryable, claim: RowClaim): Promise<Row[]> {
  const table = ident(claim.table);
  return db.$queryRaw<Row[]>(Prisma.sql`
    UPDATE ${table} SET ${claim.set}
    WHERE "id" IN (
      SELECT "id" FROM ${table} WHERE ${claim.where}
      ORDER BY ${claim.orderBy}
      LIMIT ${claim.limit} ${forUpdateSkipLocked(db)}
    )
    RETURNING ${Prisma.join(claim.returning.map(ident), ", ")}`);
}
