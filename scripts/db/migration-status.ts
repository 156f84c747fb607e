// Whether the database of DATABASE_URL needs `prisma migrate deploy`, read from Prisma's own
// bookkeeping table. `prisma migrate deploy` takes SQLite's write lock even when nothing is pending,
// so beside a running studio (whose tracker writes every few seconds) it failed after its 5 s busy
// wait with "unknown variant SocketTimeout". This check only reads: a read-only SQLite connection
// (in WAL mode readers never wait for the writer; the busy timeout covers a rollback-journal commit)
// or one PostgreSQL query.
//
//   tsx scripts/db/migration-status.ts --apply all|fresh
// exits 0 when nothing is to be done, 3 when `prisma migrate deploy` should run, 1 (with a message)
// when the caller must not migrate. `--apply fresh` (the operator CLI) migrates only a database
// nothing has migrated yet: a pending migration on a live database is for `npm start` or
// `npm run db:deploy` with the studio stopped (docs/decisions/tracker.md, "The operator CLI beside a running studio").
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl, poolSettings } from "../../lib/postgres-url";
import { DEFAULT_DATABASE_URL, sqliteFileFromUrl } from "../../lib/sqlite-url";

export type MigrationStatus =
  /** No bookkeeping table (or no SQLite file): nothing has migrated this database yet. */
  | { state: "fresh" }
  | { state: "current"; unknown: string[] }
  | { state: "pending"; pending: string[]; unknown: string[] }
  /** A migration that started and neither finished nor was rolled back: Prisma refuses to go on. */
  | { state: "failed"; failed: string[] };

type Row = { migration_name: string; finished_at: unknown; rolled_back_at: unknown };

/** How long the check waits for a busy database before giving up with a clear message. */
const WAIT_MS = 10_000;

export async function migrationStatus(databaseUrl: string, root = process.cwd()): Promise<MigrationStatus> {
  const postgres = isPostgresUrl(databaseUrl);
  const rows = postgres ? await postgresRows(databaseUrl) : sqliteRows(databaseUrl);
  if (!rows) return { state: "fresh" };
  const folder = path.join(root, "prisma", ...(postgres ? ["postgresql"] : []), "migrations");
  const known = fs
    .readdirSync(folder)
    .filter((name) => fs.existsSync(path.join(folder, name, "migration.sql")))
    .sort();
  const live = rows.filter((r) => r.rolled_back_at === null);
  const failed = live.filter((r) => r.finished_at === null).map((r) => r.migration_name);
  if (failed.length) return { state: "failed", failed };
  const applied = new Set(live.map((r) => r.migration_name));
  const unknown = [...applied].filter((name) => !known.includes(name)).sort();
  const pending = known.filter((name) => !applied.has(name));
  return pending.length ? { state: "pending", pending, unknown } : { state: "current", unknown };
}

function sqliteRows(databaseUrl: string): Row[] | null {
  const file = sqliteFileFromUrl(databaseUrl);
  if (!fs.existsSync(file)) return null;
  const sqlite = new Database(file, { readonly: true, fileMustExist: true, timeout: WAIT_MS });
  try {
    const table = sqlite
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'")
      .get();
    if (!table) return null;
    return sqlite
      .prepare("SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations")
      .all() as Row[];
  } finally {
    sqlite.close();
  }
}

async function postgresRows(databaseUrl: string): Promise<Row[] | null> {
  const client = new pg.Client({
    connectionString: poolSettings(databaseUrl).url,
    connectionTimeoutMillis: WAIT_MS,
    statement_timeout: WAIT_MS,
  });
  await client.connect();
  try {
    const { rows } = await client.query<Row>(
      "SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations",
    );
    return rows;
  } catch (error) {
    if ((error as { code?: string }).code === "42P01") return null; // undefined_table
    throw error;
  } finally {
    await client.end();
  }
}

/** What the operator reads when the CLI will not migrate: the names, and how to apply them. */
export function pendingMessage(pending: string[]): string {
  const count = pending.length === 1 ? "1 migration is" : `${pending.length} migrations are`;
  return (
    `${count} pending on this database: ${pending.join(", ")}.\n` +
    "The operator CLI does not migrate a database a running studio may be using. Stop the studio, " +
    "then run `npm start` (which applies them) or `npm run db:deploy`, and run this command again."
  );
}

function failedMessage(failed: string[]): string {
  return (
    `migration ${failed.join(", ")} started on this database and did not finish; ` +
    "`npx prisma migrate status` explains, and `npx prisma migrate resolve` marks it once repaired."
  );
}

async function main(argv: string[]): Promise<number> {
  const apply = argv[0] === "--apply" ? argv[1] : undefined;
  if (apply !== "all" && apply !== "fresh") {
    console.error("usage: migration-status.ts --apply all|fresh");
    return 1;
  }
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const status = await migrationStatus(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  if (status.state !== "fresh" && status.state !== "failed" && status.unknown.length) {
    console.error(
      `note: this database has ${status.unknown.length} migration(s) this checkout does not know ` +
        `(${status.unknown.join(", ")}): a newer version of the studio migrated it.`,
    );
  }
  if (status.state === "current") return 0;
  if (status.state === "fresh" || apply === "all") return 3;
  console.error(status.state === "pending" ? pendingMessage(status.pending) : failedMessage(status.failed));
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const busy = (error as { code?: string }).code === "SQLITE_BUSY";
      console.error(
        busy
          ? `the database stayed locked for ${WAIT_MS / 1000} s; try again in a moment`
          : `could not read the database's migrations: ${(error as Error).message}`,
      );
      process.exit(1);
    },
  );
}
