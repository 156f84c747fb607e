import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { createDb, type Db } from "../db-client";
import { databaseUrl, postgresTestSettings } from "./postgres-test-server";

export { databaseUrl };

const migrationsDir = path.resolve(import.meta.dirname, "../../prisma/migrations");

export type TempDb = {
  db: Db;
  /** The SQLite file (an empty string on PostgreSQL). */
  file: string;
  url: string;
  dir: string;
  cleanup: () => Promise<void>;
};

/**
 * A real database with every migration applied, for tests of queries and tracking: a SQLite file,
 * or — when the suite runs with STUDIO_TEST_DB=postgresql (scripts/test.sh runs it both ways) — a
 * fresh PostgreSQL database cloned from the run's migrated template. Returns a client and a cleanup.
 */
export function createTempDb(options: { dialect?: "sqlite" } = {}): TempDb {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-test-"));
  // A SQLite file in either run, for tests of what only SQLite does (its file locks).
  const postgres = options.dialect === "sqlite" ? null : postgresTestSettings();
  if (postgres) return createPostgresDb(dir, postgres);
  const file = path.join(dir, "test.db");
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  for (const name of fs.readdirSync(migrationsDir).sort()) {
    const sql = path.join(migrationsDir, name, "migration.sql");
    if (fs.existsSync(sql)) sqlite.exec(fs.readFileSync(sql, "utf8"));
  }
  sqlite.close();
  const url = `file:${file}`;
  const db = createDb(url);
  return {
    db,
    file,
    url,
    dir,
    cleanup: async () => {
      await db.$disconnect();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// CREATE DATABASE … TEMPLATE copies the migrated template in a few milliseconds. psql keeps this
// synchronous, as the SQLite path is, so fixtures stay plain functions.
function createPostgresDb(dir: string, settings: { adminUrl: string; template: string }): TempDb {
  const name = `${settings.template}_${randomBytes(5).toString("hex")}`;
  psql(settings.adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${settings.template}"`);
  // Two vitest workers, each with tracker tests of two processes: a production-sized pool (30) each
  // could exceed the server's default 100 connections.
  const url = `${databaseUrl(settings.adminUrl, name)}?connection_limit=10`;
  const db = createDb(url);
  return {
    db,
    file: "",
    url,
    dir,
    cleanup: async () => {
      await db.$disconnect();
      psql(settings.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function psql(adminUrl: string, sql: string): void {
  execFileSync("psql", [adminUrl, "-v", "ON_ERROR_STOP=1", "-qc", sql], {
    stdio: ["ignore", "ignore", "pipe"],
  });
}
