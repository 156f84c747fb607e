import fs from "node:fs";
import Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";
import { PrismaClient } from "./generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "./generated/prisma-pg/client";
import { createPgPool, isPostgresUrl, pgTimeouts, poolSettings } from "./postgres-url";
import { sqliteLockWaitOffLoop } from "./db-adapter-patches";
import { sqliteFileFromUrl, sqliteLockWaitMs } from "./sqlite-url";

/**
 * Opening a database by URL. Kept apart from lib/db.ts (the server's one client, `server-only`) so
 * that test fixtures and scripts running in plain Node (Playwright seeds, benchmarks) can open one.
 *
 * Both providers' clients are generated from the one data model (prisma/postgresql/schema.prisma is
 * generated from prisma/schema.prisma), so their APIs are the same; the SQLite client's type stands
 * for both.
 */
export type Db = PrismaClient;

/** A client or an interactive transaction's client: what raw SQL runs on. */
type Queryable = Pick<PrismaClient, "$queryRaw">;

export type SqlDialect = "sqlite" | "postgresql";

/**
 * The dialect is decided once, from the URL, when createDb opens the client, and carried on the
 * client under this symbol. An interactive transaction's client reads through to its client, so a
 * `tx` knows it too.
 */
const DIALECT = Symbol.for("studio.sqlDialect");

/** Which SQL the database speaks, for the few statements the two write differently. */
export function sqlDialect(db: Queryable): SqlDialect {
  const dialect = (db as unknown as { [DIALECT]?: SqlDialect })[DIALECT];
  if (!dialect) throw new Error("sqlDialect: this client was not opened by createDb");
  return dialect;
}

function withDialect<T extends object>(client: T, dialect: SqlDialect): T {
  Object.defineProperty(client, DIALECT, { value: dialect });
  return client;
}

const POOL = Symbol.for("studio.pgPool");

/** A PostgreSQL client's connection pool, for its figures (/metrics); undefined on SQLite. */
export function pgPoolOf(
  db: Queryable,
): Pick<pg.Pool, "totalCount" | "idleCount" | "waitingCount"> | undefined {
  return (db as unknown as { [POOL]?: pg.Pool })[POOL];
}

/** How long the WAL switch at start waits for another writer before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 10_000;
/**
 * The busy wait inside one better-sqlite3 call, which blocks the event loop: kept to 10 ms, the
 * rest of the wait for a lock (DATABASE_LOCK_WAIT_MS) happens on timers between attempts
 * (sqliteLockWaitOffLoop in lib/db-adapter-patches.ts).
 */
const BLOCKING_BUSY_MS = 10;

export function createDb(databaseUrl: string): PrismaClient {
  if (isPostgresUrl(databaseUrl)) {
    const { url, connectionLimit } = poolSettings(databaseUrl);
    const pool = createPgPool(url, connectionLimit, pgTimeouts());
    const adapter = new PrismaPg(pool, { disposeExternalPool: true });
    const client = withDialect(
      new PostgresPrismaClient({ adapter }) as unknown as PrismaClient,
      "postgresql",
    );
    Object.defineProperty(client, POOL, { value: pool });
    return client;
  }
  const file = sqliteFileFromUrl(databaseUrl);
  enableWriteAheadLog(file);
  const adapter = new TunedSQLite3({ url: file, timeout: BLOCKING_BUSY_MS }, sqliteLockWaitMs());
  return withDialect(new PrismaClient({ adapter }), "sqlite");
}

/**
 * SQLite's default page cache is 2 MiB per connection: at 100,000 gallery items (a 150 MB file) a
 * prompt search that looks up 12,000 matching rows read nearly every page from the OS again, ~45 ms
 * against ~5 ms with the cache below (scripts/bench/gallery.ts). The cache fills only as pages are
 * read; memory-mapped reads let larger libraries use the OS's cache without a copy per page.
 */
const CONNECTION_PRAGMAS = ["PRAGMA cache_size = -65536", "PRAGMA mmap_size = 268435456"].join(";");

/** better-sqlite3's adapter, with this studio's settings on each connection it opens. */
class TunedSQLite3 extends PrismaBetterSQLite3 {
  constructor(
    config: ConstructorParameters<typeof PrismaBetterSQLite3>[0],
    private readonly lockWaitMs: number,
  ) {
    super(config);
  }

  override async connect() {
    const adapter = await super.connect();
    await adapter.executeScript(CONNECTION_PRAGMAS);
    return sqliteLockWaitOffLoop(adapter, this.lockWaitMs);
  }
}

// WAL lets the tracker write while pages read, instead of readers and writers locking each other
// out. The mode is stored in the database file, so setting it once per process is enough.
function enableWriteAheadLog(file: string): void {
  if (file === ":memory:" || !fs.existsSync(file)) return;
  const sqlite = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    sqlite.pragma("journal_mode = WAL");
  } finally {
    sqlite.close();
  }
}
