/**
 * Backup → wipe → restore (issue 26 part 6) on a seeded studio (a row of every model, every kind
 * of stored file): every row and every file comes back byte-identical. Runs on SQLite, and on
 * PostgreSQL in the suite's second run (createTempDb gives a PostgreSQL database then; the backup
 * goes through pg_dump and pg_restore).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, sqlDialect, type Db } from "../db-client";
import { env } from "../env";
import { Prisma } from "../generated/prisma/client";
import { seedStudio } from "../migrate-data/testing/seed-studio";
import { setEnv } from "../testing/env-vars";
import { createTempDb, psql, type TempDb } from "../testing/temp-db";
import { backup } from "./backup";
import { MANIFEST } from "./manifest";
import { restore } from "./restore";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
const mediaDir = path.join(scratch, "media");
let temp: TempDb;
let restoreEnv: () => void;

type Snapshot = { rows: Record<string, string>; files: Record<string, Buffer> };

/** Every row of every model (in a stable order) and every file under MEDIA_DIR, as bytes. */
async function snapshot(db: Db): Promise<Snapshot> {
  const rows: Record<string, string> = {};
  for (const model of Object.values(Prisma.ModelName)) {
    const found = await (db as unknown as Record<string, { findMany(): Promise<unknown[]> }>)[
      model.charAt(0).toLowerCase() + model.slice(1)
    ].findMany();
    rows[model] = found
      .map((row) => JSON.stringify(row, (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v)))
      .sort()
      .join("\n");
  }
  const files: Record<string, Buffer> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(mediaDir, full)] = fs.readFileSync(full);
    }
  };
  walk(mediaDir);
  return { rows, files };
}

/** What a bad day leaves: no database, no media folder. */
async function wipe() {
  await temp.db.$disconnect();
  if (sqlDialect(temp.db) === "sqlite") {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(temp.file + suffix, { force: true });
  } else {
    psql(temp.url.split("?")[0], "DROP SCHEMA public CASCADE; CREATE SCHEMA public");
  }
  fs.rmSync(mediaDir, { recursive: true, force: true });
}

beforeAll(async () => {
  fs.mkdirSync(mediaDir, { recursive: true });
  temp = createTempDb();
  restoreEnv = setEnv({ DATABASE_URL: temp.url, MEDIA_DIR: mediaDir, MEDIA_STORE: "local" });
  await seedStudio(temp.db, scratch);
}, 60_000);

afterAll(async () => {
  await temp?.cleanup();
  fs.rmSync(scratch, { recursive: true, force: true });
  restoreEnv?.();
});

describe("backup and restore", () => {
  it("round-trips every row and every media file byte for byte", async () => {
    const before = await snapshot(temp.db);
    expect(Object.keys(before.files).length).toBeGreaterThan(5);
    expect(Object.values(before.rows).every((rows) => rows.length > 0)).toBe(true);

    const to = path.join(scratch, "backup-1");
    const manifest = await backup({ db: temp.db, env: env(), to });
    expect(manifest.database.kind).toBe(sqlDialect(temp.db));
    expect(manifest.media.files.map((f) => f.key).sort()).toEqual(Object.keys(before.files).sort());
    for (const file of manifest.media.files) {
      expect(file.sha256).toBe(createHash("sha256").update(before.files[file.key]).digest("hex"));
    }

    await wipe();
    const report = await restore({ env: env(), from: to });
    expect(report.media).toEqual({ written: manifest.media.files.length, alreadyThere: 0, missing: [] });

    const restored = createDb(temp.url);
    try {
      const after = await snapshot(restored);
      for (const model of Object.keys(before.rows))
        expect.soft(after.rows[model], model).toBe(before.rows[model]);
      expect(Object.keys(after.files).sort()).toEqual(Object.keys(before.files).sort());
      for (const key of Object.keys(before.files))
        expect(Buffer.compare(after.files[key], before.files[key]), key).toBe(0);
    } finally {
      await restored.$disconnect();
    }
    temp.db = createDb(temp.url);
  });

  it("never writes into a non-empty folder, never leaves half a backup, and refuses a damaged one", async () => {
    const taken = path.join(scratch, "taken");
    fs.mkdirSync(taken);
    fs.writeFileSync(path.join(taken, "notes.txt"), "mine");
    await expect(backup({ db: temp.db, env: env(), to: taken })).rejects.toThrow(/is not empty/);
    expect(fs.readdirSync(taken)).toEqual(["notes.txt"]);

    const to = path.join(scratch, "backup-2");
    const manifest = await backup({ db: temp.db, env: env(), to });
    expect(fs.readdirSync(scratch).filter((name) => name.includes(".partial-"))).toEqual([]);
    expect(fs.existsSync(path.join(to, MANIFEST))).toBe(true);

    // Restoring over a live database needs --force.
    await expect(restore({ env: env(), from: to })).rejects.toThrow(/--force/);

    const damaged = path.join(scratch, "damaged");
    fs.cpSync(to, damaged, { recursive: true });
    fs.appendFileSync(path.join(damaged, manifest.database.file), "x");
    await expect(restore({ env: env(), from: damaged, force: true })).rejects.toThrow(/is damaged/);
    await expect(restore({ env: env(), from: path.join(scratch, "taken") })).rejects.toThrow(/not a backup/);
  });
});
