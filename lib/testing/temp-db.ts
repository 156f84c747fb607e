import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { createDb, type Db } from "../db-client";

const migrationsDir = path.resolve(import.meta.dirname, "../../prisma/migrations");

/**
 * A real SQLite file with every migration applied, for tests of queries and tracking.
 * Applies the migration SQL directly (fast, no Prisma CLI); returns a client and a cleanup.
 */
export function createTempDb(): {
  db: Db;
  file: string;
  url: string;
  dir: string;
  cleanup: () => Promise<void>;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-test-"));
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
