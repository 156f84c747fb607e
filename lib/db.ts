import "server-only";
import { createDb, type Db } from "./db-client";
import { env } from "./env";

export { type Db, sqlDialect } from "./db-client";

// One client per process, kept across hot reloads in development.
const globalForDb = globalThis as unknown as { studioDb?: Db };

export function db(): Db {
  globalForDb.studioDb ??= createDb(env().databaseUrl);
  return globalForDb.studioDb;
}

/** The process's client if it was opened already (a health recheck must not open one). */
export function openedDb(): Db | undefined {
  return globalForDb.studioDb;
}
