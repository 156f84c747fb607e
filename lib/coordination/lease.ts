import { Prisma } from "../generated/prisma/client";
import { ident, type Queryable } from "./sql";

/**
 * A lease on one row: whoever claims it holds it until `until` (epoch ms), renews it while working
 * and gives it back at the end; a holder that died lets it run out, and the row is claimable again.
 * The holder is a random token, so a renewal or release by a holder that lost the lease touches
 * nothing. Each step is one UPDATE … WHERE … RETURNING on the row: atomic on SQLite (one writer)
 * and on PostgreSQL (the second UPDATE waits for the first and then re-checks its WHERE).
 */
export type LeaseColumns = { table: string; holder: string; until: string };

/** Other columns a step writes with the lease, by name. */
export type Assignments = Record<string, string | number | null>;

function assignments(set: Assignments): Prisma.Sql[] {
  return Object.entries(set).map(([column, value]) => Prisma.sql`${ident(column)} = ${value}`);
}

function columnList(columns: readonly string[]): Prisma.Sql {
  return Prisma.join(columns.map(ident), ", ");
}

/** `until` IS NULL or past: the row is free to claim (for claims written as one statement, too). */
export function leaseFree(until: Prisma.Sql, now: number | Date): Prisma.Sql {
  return Prisma.sql`(${until} IS NULL OR ${until} <= ${now})`;
}

export type LeaseClaim = { token: string; now: number; leaseMs: number; set?: Assignments };

/** Takes the lease on row `id` when it is free; false when another holder has it. */
export async function claimLease(
  db: Queryable,
  lease: LeaseColumns,
  id: string,
  claim: LeaseClaim,
): Promise<boolean> {
  const until = ident(lease.until);
  const rows = await db.$queryRaw<{ id: string }[]>(Prisma.sql`
    UPDATE ${ident(lease.table)}
    SET ${Prisma.join(
      [
        Prisma.sql`${ident(lease.holder)} = ${claim.token}`,
        Prisma.sql`${until} = ${claim.now + claim.leaseMs}`,
        ...assignments(claim.set ?? {}),
      ],
      ", ",
    )}
    WHERE "id" = ${id} AND ${leaseFree(until, claim.now)}
    RETURNING "id"`);
  return rows.length > 0;
}

/**
 * Moves the lease's end to `until` while `token` still holds it; returns the row's `returning`
 * columns (none: the lease was lost).
 */
export async function renewLease<Row>(
  db: Queryable,
  lease: LeaseColumns,
  id: string,
  token: string,
  until: number,
  returning: readonly string[] = ["id"],
): Promise<Row[]> {
  return db.$queryRaw<Row[]>(Prisma.sql`
    UPDATE ${ident(lease.table)} SET ${ident(lease.until)} = ${until}
    WHERE "id" = ${id} AND ${ident(lease.holder)} = ${token}
    RETURNING ${columnList(returning)}`);
}

/** The row's `columns` while `token` holds its lease (none: the lease was lost). */
export async function readHeld<Row>(
  db: Queryable,
  lease: LeaseColumns,
  id: string,
  token: string,
  columns: readonly string[],
): Promise<Row[]> {
  return db.$queryRaw<Row[]>(Prisma.sql`
    SELECT ${columnList(columns)} FROM ${ident(lease.table)}
    WHERE "id" = ${id} AND ${ident(lease.holder)} = ${token}`);
}

/** Writes `set` while `token` holds the lease; false when it no longer does. */
export async function updateHeld(
  db: Queryable,
  lease: LeaseColumns,
  id: string,
  token: string,
  set: Assignments,
): Promise<boolean> {
  const count = await db.$executeRaw(Prisma.sql`
    UPDATE ${ident(lease.table)} SET ${Prisma.join(assignments(set), ", ")}
    WHERE "id" = ${id} AND ${ident(lease.holder)} = ${token}`);
  return count > 0;
}

/** Gives the lease back (and writes `set` with it) if `token` still holds it. */
export async function releaseLease(
  db: Queryable,
  lease: LeaseColumns,
  id: string,
  token: string,
  set: Assignments = {},
): Promise<void> {
  await updateHeld(db, lease, id, token, { [lease.holder]: null, [lease.until]: null, ...set });
}
