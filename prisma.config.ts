import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { sqliteFileFromUrl, DEFAULT_DATABASE_URL } from "./lib/sqlite-url";

// With a prisma.config.ts present the CLI does not read .env itself.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
process.env.DATABASE_URL = databaseUrl;

function adapterFactory() {
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

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  adapter: async () => adapterFactory(),
});
