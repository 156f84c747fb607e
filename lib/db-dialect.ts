import { sqlDialect, type Db } from "./db-client";
import { Prisma } from "./generated/prisma/client";

/** A client or an interactive transaction's client. */
type Queryable = Pick<Db, "$queryRaw">;

/**
 * A `contains` filter that ignores case, as title searches want. SQLite's LIKE already does (for
 * ASCII letters); PostgreSQL's LIKE does not, so there it asks for ILIKE (`mode: "insensitive"`,
 * which the SQLite client's types do not know).
 */
export function containsIgnoringCase(db: Queryable, text: string): Prisma.StringFilter {
  if (sqlDialect(db) === "sqlite") return { contains: text };
  return { contains: text, mode: "insensitive" } as Prisma.StringFilter;
}

/**
 * The end of a SELECT inside a transaction that decides from the rows it reads. On PostgreSQL
 * (READ COMMITTED) it locks them until commit, so a concurrent transaction deciding from the same
 * rows waits and then reads them as committed. SQLite needs nothing: its one writer serializes
 * such transactions (the later one fails with SQLITE_BUSY rather than write on a stale read).
 */
export function forUpdate(db: Queryable): Prisma.Sql {
  return sqlDialect(db) === "postgresql" ? Prisma.sql`FOR UPDATE` : Prisma.empty;
}
