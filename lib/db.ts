import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "./generated/prisma/client";
import { env } from "./env";
import { sqliteFileFromUrl } from "./sqlite-url";

export type Db = PrismaClient;

export function createDb(databaseUrl: string): PrismaClient {
  const adapter = new PrismaBetterSQLite3({ url: sqliteFileFromUrl(databaseUrl) });
  return new PrismaClient({ adapter });
}

// One client per process, kept across hot reloads in development.
const globalForDb = globalThis as unknown as { studioDb?: PrismaClient };

export function db(): PrismaClient {
  globalForDb.studioDb ??= createDb(env().databaseUrl);
  return globalForDb.studioDb;
}
