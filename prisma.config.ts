import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { sqliteFileFromUrl, DEFAULT_DATABASE_URL } from "./lib/sqlite-url";
import { createPgPool, isPostgresUrl } from "./lib/postgres-url";
import { postgresWholeScripts, sqliteShadowScripts } from "./lib/db-adapter-patches";

// With a prisma.config.ts present the CLI does not read .env itself.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
process.env.DATABASE_URL = databaseUrl;

// One data model, two providers: prisma/postgresql/schema.prisma is generated from prisma/schema.prisma
// (scripts/db/postgres-schema.mjs) and has its own migrations beside it.
const folder = isPostgresUrl(databaseUrl) ? path.join("prisma", "postgresql") : "prisma";

function sqliteAdapter() {
  const file = sqliteFileFromUrl(databaseUrl);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return sqliteShadowScripts(new PrismaBetterSQLite3({ url: file }));
}

/**
 * Prisma 6.19's schema engine (WebAssembly) races its advisory lock query against a 10 s timer and
 * never clears the timer: every PostgreSQL `migrate deploy` then sat 10 s after its work before
 * exiting (at every start, and a dozen times in the test suite). Unref'd, the timer still fires if
 * the lock is really awaited (that query's socket keeps the process alive), but no longer holds an
 * otherwise finished command open.
 */
function unrefEngineLockTimer() {
  const setTimer = globalThis.setTimeout;
  globalThis.setTimeout = ((callback: () => void, ms?: number, ...rest: unknown[]) => {
    const timer = setTimer(callback, ms, ...rest) as unknown as NodeJS.Timeout;
    if (ms === 10_000 && new Error().stack?.includes("wasm://")) timer.unref();
    return timer;
  }) as typeof setTimeout;
}

function postgresAdapter() {
  unrefEngineLockTimer();
  // exitOnIdle: without it every `prisma migrate deploy` on PostgreSQL sat ~10 s after its work
  // (pg's idle timeout) before exiting — at every start, and a dozen times in the test suite.
  return postgresWholeScripts(new PrismaPg(createPgPool(databaseUrl, 2, undefined, { exitOnIdle: true })));
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join(folder, "schema.prisma"),
  migrations: { path: path.join(folder, "migrations") },
  adapter: async () => (isPostgresUrl(databaseUrl) ? postgresAdapter() : sqliteAdapter()),
});
