// A benchmark's database: a temporary SQLite file (lib/testing/temp-db.ts), or a PostgreSQL database
// made the way the test run's template is (lib/testing/postgres-test-server.ts): created on the
// server at TEST_POSTGRES_URL (default: the machine's own), migrated with the PostgreSQL migration
// files, dropped afterwards.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "../../lib/db-client";
import { createMigratedPostgresDb, testPostgresAdminUrl } from "../../lib/testing/postgres-test-server";
import { createTempDb, type TempDb } from "../../lib/testing/temp-db";

export type BenchDbKind = "sqlite" | "postgresql";

/** An empty, migrated PostgreSQL database for a benchmark: its URL and how to drop it. */
export function createPostgresBenchDb() {
  return createMigratedPostgresDb(
    testPostgresAdminUrl(),
    `studio_bench_${process.pid}_${randomBytes(4).toString("hex")}`,
  );
}

export async function createBenchDb(kind: BenchDbKind): Promise<TempDb> {
  if (kind === "sqlite") return createTempDb();
  const postgres = await createPostgresBenchDb();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-"));
  const db = createDb(postgres.url);
  return {
    db,
    file: "",
    url: postgres.url,
    dir,
    cleanup: async () => {
      await db.$disconnect();
      await postgres.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
