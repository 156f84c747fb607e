import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { sqliteFileFromUrl, DEFAULT_DATABASE_URL } from "./lib/sqlite-url";
import { createPgPool, isPostgresUrl } from "./lib/postgres-url";

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
  const factory = new PrismaBetterSQLite3({ url: file });
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  // Prisma 6.19's shadow database replays migrations through better-sqlite3's single-statement
  // run(); multi-statement migrations then fail with P3006. Route plain scripts to executeScript.
  factory.connectToShadowDb = async () => {
    const shadow = await connectToShadowDb();
    const executeRaw = shadow.executeRaw.bind(shadow);
    shadow.executeRaw = async (query) => {
      if (query.args.length === 0) {
        await shadow.executeScript(query.sql);
        return 0;
      }
      return executeRaw(query);
    };
    return shadow;
  };
  return factory;
}

function postgresAdapter() {
  const factory = new PrismaPg(createPgPool(databaseUrl, 2));
  // @prisma/adapter-pg 6.19 runs a migration by splitting it on every ";" — inside a function body,
  // a string or a comment too — and sending the pieces one by one. PostgreSQL's simple query
  // protocol takes the whole script at once, as one implicit transaction: send it as written.
  const wholeScripts = <A extends Awaited<ReturnType<PrismaPg["connect"]>>>(adapter: A): A => {
    adapter.executeScript = async (script) => {
      await adapter.underlyingDriver().query(script);
    };
    return adapter;
  };
  const connect = factory.connect.bind(factory);
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  factory.connect = async () => wholeScripts(await connect());
  factory.connectToShadowDb = async () => wholeScripts(await connectToShadowDb());
  return factory;
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join(folder, "schema.prisma"),
  migrations: { path: path.join(folder, "migrations") },
  adapter: async () => (isPostgresUrl(databaseUrl) ? postgresAdapter() : sqliteAdapter()),
});
