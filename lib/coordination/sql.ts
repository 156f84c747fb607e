import type { Db } from "../db-client";
import { sqlDialect } from "../db-client";
import { Prisma } from "../generated/prisma/client";

/** A client or an interactive transaction's client: what the primitives run on. */
export type Queryable = Pick<Db, "$queryRaw" | "$executeRaw">;

/**
 * A quoted table or column name. Only names written in this module's callers' code reach here
 * (never input), so they are inlined rather than bound.
 */
export function ident(name: string): Prisma.Sql {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a plain SQL name: ${name}`);
  return Prisma.raw(`"${name}"`);
}

/**
 * The end of a claim's inner SELECT (claim-rows.ts): on PostgreSQL it locks the rows it picks and
 * passes over rows another claim has locked, so two claims never take the same row. SQLite needs
 * nothing: one statement is atomic under its single writer.
 */
export function forUpdateSkipLocked(db: Pick<Db, "$queryRaw">): Prisma.Sql {
  return sqlDialect(db) === "postgresql" ? Prisma.sql`FOR UPDATE SKIP LOCKED` : Prisma.empty;
}
