import fs from "node:fs";
import Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "./generated/prisma/client";
import { sqliteFileFromUrl } from "./sqlite-url";

/**
 * Opening a database by URL. Kept apart from lib/db.ts (the server's one client, `server-only`) so
 * that test fixtures and scripts running in plain Node (Playwright seeds, benchmarks) can open one.
 */
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
