import fs from "node:fs";
import Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "./generated/prisma/client";
import { env } from "./env";
import { sqliteFileFromUrl } from "./sqlite-url";

export type Db = PrismaClient;

/** How long a connection waits for another writer (tracker, request, seeding) before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 10_000;

export function createDb(databaseUrl: string): PrismaClient {
  const file = sqliteFileFromUrl(databaseUrl);
  enableWriteAheadLog(file);
  const adapter = new PrismaBetterSQLite3({ url: file, timeout: BUSY_TIMEOUT_MS });
  return new PrismaClient({ adapter });
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

// One client per process, kept across hot reloads in development.
const globalForDb = globalThis as unknown as { studioDb?: PrismaClient };

export function db(): PrismaClient {
  globalForDb.studioDb ??= createDb(env().databaseUrl);
  return globalForDb.studioDb;
}
