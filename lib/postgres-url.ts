import pg from "pg";

/** Whether DATABASE_URL names a PostgreSQL server rather than a SQLite file. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * A pg client that reports PostgreSQL's internal `"char"` and `name` types (OIDs 18, 19) as text.
 * The Prisma schema engine reads catalog columns of those types (`migrate deploy`, `migrate diff`),
 * and @prisma/adapter-pg 6.19 cannot deserialize them (prisma/orm#27403); as text the values are
 * the same strings. The studio's own tables use neither type.
 */
class NameAsTextClient extends pg.Client {
  // pg's query has promise and callback forms with many overloads; both pass through here.
  override query(...args: unknown[]): never {
    const callback =
      typeof args.at(-1) === "function" ? (args.pop() as (e: unknown, r?: pg.QueryResult) => void) : null;
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (callback) {
      (result as Promise<pg.QueryResult>).then(
        (r) => callback(null, nameAsText(r)),
        (e) => callback(e),
      );
      return undefined as never;
    }
    return (result as Promise<pg.QueryResult>).then(nameAsText) as never;
  }
}

const CATALOG_TEXT_TYPES = new Set([18, 19]);

function nameAsText(result: pg.QueryResult): pg.QueryResult {
  for (const field of result?.fields ?? [])
    if (CATALOG_TEXT_TYPES.has(field.dataTypeID)) field.dataTypeID = 25;
  return result;
}

/** Bounds on the studio's waits for PostgreSQL, in ms (docs/decisions/faults.md). */
export type PgTimeouts = {
  /** The server cancels a statement running longer (SQLSTATE 57014). */
  statementTimeoutMs: number;
  /** Longest wait for a connection: a free one from the pool, or a new one to the server. */
  connectTimeoutMs: number;
};

// A statement in the studio takes milliseconds; the longest (a gallery search at 100,000 items)
// well under a second. 15 s leaves migrations-sized work room while a stalled server still answers.
export const DEFAULT_PG_TIMEOUTS: PgTimeouts = { statementTimeoutMs: 15_000, connectTimeoutMs: 5_000 };
// The client gives up this long after the server should have: a stalled server (connection open,
// no answers) never cancels anything itself.
const CLIENT_GRACE_MS = 2_000;

/**
 * The one way the studio (server, scripts, migrations) opens PostgreSQL connections. Without
 * `timeouts` nothing is bounded (migrations and scripts may run long statements). `exitOnIdle`:
 * idle connections do not keep the process alive (a command-line run ends when its work does,
 * not after pg's 10 s idle timeout).
 */
export function createPgPool(
  url: string,
  max = 10,
  timeouts?: PgTimeouts,
  { exitOnIdle = false }: { exitOnIdle?: boolean } = {},
): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max,
    Client: NameAsTextClient,
    allowExitOnIdle: exitOnIdle,
    ...(timeouts && {
      statement_timeout: timeouts.statementTimeoutMs,
      query_timeout: timeouts.statementTimeoutMs + CLIENT_GRACE_MS,
      connectionTimeoutMillis: timeouts.connectTimeoutMs,
    }),
  });
}

/**
 * DATABASE_STATEMENT_TIMEOUT_MS and DATABASE_CONNECT_TIMEOUT_MS (lib/env.ts validates them at
 * start; read here too, since scripts and tests open databases from the URL alone).
 */
export function pgTimeouts(source: Record<string, string | undefined> = process.env): PgTimeouts {
  return {
    statementTimeoutMs: timeoutSetting(
      source,
      "DATABASE_STATEMENT_TIMEOUT_MS",
      DEFAULT_PG_TIMEOUTS.statementTimeoutMs,
    ),
    connectTimeoutMs: timeoutSetting(
      source,
      "DATABASE_CONNECT_TIMEOUT_MS",
      DEFAULT_PG_TIMEOUTS.connectTimeoutMs,
    ),
  };
}

function timeoutSetting(source: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = source[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 100 || value > 3_600_000)
    throw new Error(`${name}: must be a whole number of milliseconds from 100 to 3600000 (got "${raw}")`);
  return value;
}

/**
 * Connections per process on PostgreSQL: pages, 96 poll workers and 16 download workers share them.
 * At 10 the tracker's downloads queued behind its polls: with 2,000 tasks running, a 500-task batch's
 * completion → stored p95 was 46.7 s with 10 (`npm run bench -- tracker-postgresql`) and 9.7 s with
 * 30 (`tracker.ts --db postgresql --trackers`). `?connection_limit=N` in DATABASE_URL (Prisma's
 * name for it) sets another.
 */
const POSTGRES_POOL_SIZE = 30;

/** DATABASE_URL without `connection_limit` (pg would pass it on), and that limit or the default. */
export function poolSettings(databaseUrl: string): { url: string; connectionLimit: number } {
  const url = new URL(databaseUrl);
  const limit = url.searchParams.get("connection_limit");
  url.searchParams.delete("connection_limit");
  const connectionLimit = limit === null ? POSTGRES_POOL_SIZE : Number(limit);
  if (!Number.isInteger(connectionLimit) || connectionLimit < 1 || connectionLimit > 1000) {
    throw new Error(`DATABASE_URL: connection_limit must be a whole number from 1 to 1000 (got "${limit}")`);
  }
  return { url: url.toString(), connectionLimit };
}
