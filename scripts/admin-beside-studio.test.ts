// The operator CLI beside a running studio (issue 18, finding 10): `npm run admin` used to run
// `prisma migrate deploy` first, which waits for SQLite's write lock and failed after ~6 s with
// "unknown variant SocketTimeout" while the studio's tracker was writing.
import { execFile, type ExecFileException } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, psql } from "../lib/testing/temp-db";
import { postgresTestSettings } from "../lib/testing/postgres-test-server";
import { migrationStatus } from "./db/migration-status";

type Run = { code: number; stdout: string; stderr: string };

const root = path.resolve(import.meta.dirname, "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-admin-"));
const postgres = postgresTestSettings();
const pgName = `studio_admin_${randomBytes(4).toString("hex")}`;
const url = postgres ? databaseUrl(postgres.adminUrl, pgName) : `file:${path.join(dir, "studio.db")}`;

function admin(args: string[], stdin?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      "npm",
      ["run", "--silent", "admin", "--", ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: url, MEDIA_DIR: path.join(dir, "media") } },
      (error: ExecFileException | null, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin ?? "");
  });
}

/** A write transaction held open, as a running studio's tracker holds one while it records a poll. */
type Writer = { release: () => Promise<void>; held: () => boolean };

async function holdWriteTransaction(): Promise<Writer> {
  let open = true;
  if (postgres) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("BEGIN");
    await client.query(`UPDATE "StudioSetting" SET value = value`);
    return {
      held: () => open,
      release: async () => {
        open = false;
        await client.query("COMMIT");
        await client.end();
      },
    };
  }
  const sqlite = new Database(path.join(dir, "studio.db"));
  sqlite.exec("BEGIN IMMEDIATE");
  sqlite.exec("UPDATE StudioSetting SET value = value");
  return {
    held: () => open,
    release: async () => {
      open = false;
      sqlite.exec("COMMIT");
      sqlite.close();
    },
  };
}

/** The first column of every row `sql` answers (a RETURNING clause for writes). */
async function firstColumn(sql: string): Promise<string[]> {
  if (postgres) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<Record<string, string>>(sql)).rows.map((r) => Object.values(r)[0]);
    } finally {
      await client.end();
    }
  }
  const sqlite = new Database(path.join(dir, "studio.db"));
  try {
    return (sqlite.prepare(sql).all() as Record<string, string>[]).map((r) => Object.values(r)[0]);
  } finally {
    sqlite.close();
  }
}

beforeAll(() => {
  if (postgres) psql(postgres.adminUrl, `CREATE DATABASE "${pgName}"`);
});

afterAll(() => {
  if (postgres) psql(postgres.adminUrl, `DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe(`npm run admin beside a running studio (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  it("migrates a fresh database, then works while a writer holds the database, without migrating", async () => {
    // A fresh database: the CLI migrates it (nothing can be running on it) and creates the admin.
    const created = await admin(
      ["create-user", "--email", "ops@example.com", "--role", "admin"],
      "a long password\n",
    );
    expect(created).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("created admin ops@example.com"),
    });
    expect(created.stderr).toContain("database migrated");
    const member = await admin(["create-user", "--email", "eve@example.com"], "another long password\n");
    expect(member).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("created member eve@example.com"),
    });

    const writer = await holdWriteTransaction();
    try {
      const listed = await admin(["list-users"]);
      expect(listed).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/^ops@example\.com +admin +active/m),
      });
      expect(listed.stderr).toContain("database schema current");
      // It read beside the writer; it did not wait for the write lock to be given up.
      expect(writer.held()).toBe(true);

      // A write waits for the studio's transaction (the busy timeout), then goes through.
      const release = new Promise((resolve) => setTimeout(resolve, 1500)).then(() => writer.release());
      const disabled = await admin(["disable-user", "--email", "eve@example.com"]);
      await release;
      expect(disabled).toMatchObject({ code: 0, stdout: "eve@example.com disabled\n" });
    } finally {
      if (writer.held()) await writer.release();
    }
    expect(await firstColumn(`SELECT email FROM "User" WHERE banned = true`)).toEqual(["eve@example.com"]);
  }, 180_000);

  it("names a pending migration and how to apply it, and does not apply it", async () => {
    // The database an older studio left: its newest migration not applied yet.
    const [latest] = await firstColumn(
      `SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1`,
    );
    await firstColumn(
      `DELETE FROM _prisma_migrations WHERE migration_name = '${latest}' RETURNING migration_name`,
    );

    const refused = await admin(["list-users"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`1 migration is pending on this database: ${latest}.`);
    expect(refused.stderr).toContain("`npm run db:deploy`");
    expect(refused.stdout).toBe("");
    expect(
      await firstColumn(`SELECT migration_name FROM _prisma_migrations WHERE migration_name = '${latest}'`),
    ).toEqual([]);
  }, 60_000);
  it("reads a failed migration and migrations this checkout does not know", async () => {
    const [first] = await firstColumn(
      `SELECT migration_name FROM _prisma_migrations ORDER BY migration_name LIMIT 1`,
    );
    await firstColumn(
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ('x', 'x', '29990101000000_from_the_future', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 1) RETURNING migration_name`,
    );
    expect(await migrationStatus(url, root)).toMatchObject({
      state: "pending",
      unknown: ["29990101000000_from_the_future"],
    });
    await firstColumn(
      `UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = '${first}' RETURNING migration_name`,
    );
    expect(await migrationStatus(url, root)).toEqual({ state: "failed", failed: [first] });
    const refused = await admin(["list-users"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`migration ${first} started on this database and did not finish`);
  }, 60_000);
});
