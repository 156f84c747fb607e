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

function postgresAdapter() {
  return postgresWholeScripts(new PrismaPg(createPgPool(databaseUrl, 2)));
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join(folder, "schema.prisma"),
  migrations: { path: path.join(folder, "migrations") },
  adapter: async () => (isPostgresUrl(databaseUrl) ? postgresAdapter() : sqliteAdapter()),
});
