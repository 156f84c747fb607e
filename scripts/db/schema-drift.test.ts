import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { postgresTestSettings } from "@/lib/testing/postgres-test-server";
import { createTempDb, databaseUrl, psql } from "@/lib/testing/temp-db";

// One data model, two providers (docs/decisions/postgresql.md). These fail when the PostgreSQL
// schema is not generated from the SQLite one, or when a provider's migrations do not build the
// schema exactly. Runs in both runs of the suite: each checks its own provider's migrations.
const root = path.resolve(import.meta.dirname, "../..");

function migrateDiff(url: string, migrations: string, schema: string) {
  return spawnSync(
    "npx",
    [
      "prisma",
      "migrate",
      "diff",
      "--from-migrations",
      migrations,
      "--to-schema-datamodel",
      schema,
      "--exit-code",
    ],
    { cwd: root, encoding: "utf8", env: { ...process.env, DATABASE_URL: url, CHECKPOINT_DISABLE: "1" } },
  );
}

describe("the data model on both providers", () => {
  it("prisma/postgresql/schema.prisma is generated from prisma/schema.prisma", () => {
    const run = spawnSync("node", ["scripts/db/postgres-schema.mjs", "--check"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("the migrations of the provider under test build exactly the schema", { timeout: 90_000 }, () => {
    const postgres = postgresTestSettings();
    if (postgres) {
      // The schema engine replays the migrations into the (empty) configured database as its shadow.
      const name = `${postgres.template}_drift`;
      psql(postgres.adminUrl, `CREATE DATABASE "${name}"`);
      try {
        const run = migrateDiff(
          databaseUrl(postgres.adminUrl, name),
          "prisma/postgresql/migrations",
          "prisma/postgresql/schema.prisma",
        );
        // The stored search document (TaskPromptSearch, its foreign key to Task) is raw SQL
        // Prisma does not model, as the FTS5 tables on SQLite: the only difference allowed.
        const changes = run.stdout
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean);
        expect(changes).toEqual([
          "[-] Removed tables",
          "- TaskPromptSearch",
          "[*] Changed the `TaskPromptSearch` table",
          "[-] Removed foreign key on columns (taskId)",
        ]);
        expect(run.status).toBe(2);
      } finally {
        psql(postgres.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
      return;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-drift-"));
    try {
      const run = migrateDiff(
        `file:${path.join(dir, "shadow.db")}`,
        "prisma/migrations",
        "prisma/schema.prisma",
      );
      // The FTS5 search table is raw SQL Prisma does not model: the only difference allowed.
      const changes = run.stdout.split("\n").filter((line) => line.trim().startsWith("- "));
      expect(changes.length).toBeGreaterThan(0);
      expect(changes.filter((line) => !/- TaskSearchFts(_\w+)?$/.test(line.trim()))).toEqual([]);
      expect(run.stdout).not.toMatch(/Added|Changed/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("opens the provider under test through createDb", async () => {
    const temp = createTempDb();
    try {
      await temp.db.user.create({ data: { id: "u1", email: "a@example.com", name: "A" } });
      expect(await temp.db.user.count()).toBe(1);
    } finally {
      await temp.cleanup();
    }
  });
});
