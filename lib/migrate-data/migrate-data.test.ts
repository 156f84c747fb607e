/**
 * Moving a SQLite studio up: a seeded studio (a row of every model, every kind of stored file) is
 * copied into a fresh PostgreSQL database (migrated by `prisma migrate deploy`, as `npm start`
 * would) and a real S3-protocol server, then compared row by row, byte by byte and through the
 * gallery. The source is a SQLite file in both runs of the suite (STUDIO_TEST_DB is ignored here).
 */
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "../auth/scope";
import { createDb, type Db } from "../db-client";
import { Prisma } from "../generated/prisma/client";
import { startS3Server, type S3TestServer } from "../storage/testing/s3-server";
import { setEnv } from "../testing/env-vars";
import { DEFAULT_TEST_POSTGRES_URL } from "../testing/postgres-test-server";
import { createTempDb, databaseUrl, psql, type TempDb } from "../testing/temp-db";
import { applyPostgresMigrations } from "./apply-migrations";
import { delegate } from "./copy-rows";
import { FILE_REFERENCES } from "./file-references";
import { formatReport } from "./format-report";
import { migrateData, type MigrateDataOptions, type MigrationReport } from "./migrate-data";
import { modelTables, type ModelTable } from "./models";
import { seedStudio } from "./testing/seed-studio";

const adminUrl = process.env.TEST_POSTGRES_URL || DEFAULT_TEST_POSTGRES_URL;
const databases: string[] = [];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "migrate-data-"));
const mediaDir = path.join(scratch, "media");

let source: TempDb;
let tables: ModelTable[];
let s3: S3TestServer;
let viewer: Viewer;
let restoreEnv: () => void;

/** A fresh, empty PostgreSQL database (no schema: the copy applies the migrations). */
function emptyPostgres(): string {
  const name = `migrate_test_${randomBytes(5).toString("hex")}`;
  psql(adminUrl, `CREATE DATABASE "${name}"`);
  databases.push(name);
  return databaseUrl(adminUrl, name);
}

/** createTempDb's SQLite file even in the PostgreSQL run: the source of a move is always SQLite. */
function sqliteTempDb(): TempDb {
  const restore = setEnv({ STUDIO_TEST_DB: "" });
  try {
    return createTempDb();
  } finally {
    restore();
  }
}

function run(targetUrl: string, options: Partial<MigrateDataOptions> = {}): Promise<MigrationReport> {
  return migrateData({ source: source.db, mediaDir, targetUrl, ...options });
}

async function rowsOf(db: Db, table: ModelTable) {
  const orderBy = table.key.map((column) => ({ [column]: "asc" }));
  return (db as unknown as Record<string, { findMany(a: object): Promise<unknown[]> }>)[
    table.model.charAt(0).toLowerCase() + table.model.slice(1)
  ].findMany({ orderBy });
}

async function expectSameRows(target: Db) {
  for (const table of tables) {
    expect.soft(await rowsOf(target, table), table.model).toEqual(await rowsOf(source.db, table));
  }
}

/** Every key the source's rows name, each once. */
async function referencedKeys(): Promise<string[]> {
  const keys = new Set<string>();
  for (const reference of FILE_REFERENCES) {
    const rows = await delegate(source.db, reference.model).findMany({ orderBy: [], take: 10_000 });
    for (const row of rows)
      if (typeof row[reference.path] === "string") keys.add(row[reference.path] as string);
  }
  return [...keys].sort();
}

async function expectFilesInBucket(prefix: string) {
  const keys = await referencedKeys();
  expect(s3.keys().filter((k) => k.startsWith(prefix))).toEqual(keys.map((k) => prefix + k));
  for (const key of keys) {
    const local = fs.readFileSync(path.join(mediaDir, key));
    expect(Buffer.compare((await s3.objectBytes(prefix + key))!, local), key).toBe(0);
  }
}

beforeAll(async () => {
  fs.mkdirSync(mediaDir, { recursive: true });
  // env() is read once per test file: the studio being moved keeps its files in MEDIA_DIR.
  restoreEnv = setEnv({ MEDIA_DIR: mediaDir, MEDIA_STORE: "local" });
  source = sqliteTempDb();
  s3 = await startS3Server();
  ({ viewer } = await seedStudio(source.db, scratch));
  tables = await modelTables(source.db);
}, 60_000);

afterAll(async () => {
  await source?.cleanup();
  await s3?.close();
  for (const name of databases) psql(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  fs.rmSync(scratch, { recursive: true, force: true });
  restoreEnv?.();
});

describe("migrate-data", () => {
  it("covers every model of the schema and every file column (a new one must be seeded and listed)", async () => {
    expect(tables.map((t) => t.model).sort()).toEqual(Object.values(Prisma.ModelName).sort());
    for (const table of tables) {
      expect.soft(await delegate(source.db, table.model).count(), `${table.model} seeded`).toBeGreaterThan(0);
    }
    // Foreign keys point backwards in the copy order.
    const position = new Map(tables.map((t, i) => [t.table, i]));
    for (const [i, table] of tables.entries())
      for (const ref of table.references) expect(position.get(ref)!).toBeLessThan(i);
    // Every column the schema documents as a MEDIA_DIR path is copied as a file.
    const schema = fs.readFileSync(path.resolve(import.meta.dirname, "../../prisma/schema.prisma"), "utf8");
    const documented: string[] = [];
    let model = "";
    let comment = "";
    for (const line of schema.split("\n")) {
      const trimmed = line.trim();
      model = /^model (\w+)/.exec(trimmed)?.[1] ?? model;
      if (trimmed.startsWith("///")) comment += trimmed;
      else {
        const field = /^(\w+)\s/.exec(trimmed)?.[1];
        if (field && /relative to MEDIA_DIR/.test(comment)) documented.push(`${model}.${field}`);
        comment = "";
      }
    }
    expect(FILE_REFERENCES.map((r) => `${r.model}.${r.path}`).sort()).toEqual(documented.sort());
  });

  describe("into an empty PostgreSQL and S3", () => {
    let target: Db;
    let report: MigrationReport;
    beforeAll(async () => {
      const url = emptyPostgres();
      report = await run(url, { mediaTo: s3.config({ keyPrefix: "full/" }), batchSize: 3 });
      target = createDb(url);
    }, 120_000);
    afterAll(() => target?.$disconnect());

    it("copies every row equal, every file byte-identical, and says how to switch over", async () => {
      expect(report.ok).toBe(true);
      expect(report.target).toBe("empty");
      await expectSameRows(target);
      // Only the studio's identity row was there before the copy of its table: it is written first.
      for (const row of report.rows)
        expect(row.present, row.model).toBe(row.model === "StudioSetting" ? 1 : 0);
      await expectFilesInBucket("full/");
      const keys = await referencedKeys();
      expect(report.files).toMatchObject({ copied: keys.length, skipped: 0, failed: 0 });
      const text = formatReport(report);
      expect(text).toContain("MEDIA_STORE=s3");
      expect(text).toContain(`S3_BUCKET=${s3.bucket}`);
      expect(text).toMatch(/DATABASE_URL=postgresql:\/\//);
      console.log(text);
    });

    it("answers the gallery list and detail the same", async () => {
      const { listGalleryItems } = await import("../gallery/list");
      const { getGalleryItem } = await import("../gallery/detail");
      const now = new Date(Date.UTC(2026, 10, 21));
      const cases = [
        [{}, 4],
        [{ favorite: true }, 1],
        [{ tag: "fox" }, 1],
        [{ status: "failed" as const }, 1],
        [{ q: "snow" }, 4],
      ] as const;
      for (const [filters, total] of cases) {
        const moved = await listGalleryItems(target, viewer, filters);
        expect(moved.total, JSON.stringify(filters)).toBe(total);
        expect(moved).toEqual(await listGalleryItems(source.db, viewer, filters));
      }
      for (const id of ["task-image", "task-video", "task-failed"]) {
        expect(await getGalleryItem(target, viewer, id, {}, now)).toEqual(
          await getGalleryItem(source.db, viewer, id, {}, now),
        );
      }
    });

    it("refuses a target holding another studio's data", async () => {
      const other = sqliteTempDb();
      try {
        await expect(
          migrateData({ source: other.db, mediaDir, targetUrl: report.targetUrl }),
        ).rejects.toThrow(/another studio's data/);
      } finally {
        await other.cleanup();
      }
    });
  });

  it("refuses a target that is not PostgreSQL, a source that is not SQLite, and rows it did not write", async () => {
    await expect(run(`file:${path.join(scratch, "other.db")}`)).rejects.toThrow(/postgresql:\/\/ URL/);
    const url = emptyPostgres();
    const postgres = createDb(url);
    try {
      await expect(migrateData({ source: postgres, mediaDir, targetUrl: url })).rejects.toThrow(
        /must be SQLite/,
      );
      await applyPostgresMigrations(url);
      await postgres.tag.create({ data: { name: "someone else's" } });
      await expect(run(url)).rejects.toThrow(/rows this copy did not write: Tag \(1\)/);
    } finally {
      await postgres.$disconnect();
    }
  }, 60_000);

  it("resumes after an interruption in the rows and in the files, duplicating nothing", async () => {
    const url = emptyPostgres();
    const mediaTo = s3.config({ keyPrefix: "resume/" });
    const stopAfter = (phase: "rows" | "files", events: number) => {
      const controller = new AbortController();
      let seen = 0;
      return {
        signal: controller.signal,
        onProgress: (p: { phase: string }) => {
          if (p.phase === phase && ++seen === events) controller.abort(new Error("Ctrl-C"));
        },
      };
    };
    await expect(run(url, { mediaTo, batchSize: 2, ...stopAfter("rows", 6) })).rejects.toThrow("Ctrl-C");
    const target = createDb(url);
    try {
      const partial = await Promise.all(tables.map((t) => delegate(target, t.model).count()));
      const full = await Promise.all(tables.map((t) => delegate(source.db, t.model).count()));
      expect(sum(partial)).toBeGreaterThan(0);
      expect(sum(partial)).toBeLessThan(sum(full));

      await expect(
        run(url, { mediaTo, batchSize: 2, fileConcurrency: 1, ...stopAfter("files", 2) }),
      ).rejects.toThrow("Ctrl-C");
      const copiedBefore = s3.keys().filter((k) => k.startsWith("resume/")).length;
      expect(copiedBefore).toBeGreaterThanOrEqual(2);

      const report = await run(url, { mediaTo, batchSize: 2 });
      expect(report.ok).toBe(true);
      expect(report.target).toBe("resumed");
      expect(sum(report.rows.map((r) => r.copied))).toBe(0);
      for (const row of report.rows) expect(row.present, row.model).toBe(row.source);
      expect(report.files!.skipped).toBe(copiedBefore);
      expect(report.files!.copied + report.files!.skipped).toBe((await referencedKeys()).length);
      await expectSameRows(target);
      await expectFilesInBucket("resume/");
    } finally {
      await target.$disconnect();
    }
  }, 120_000);

  it("reports a file whose bytes no longer match its row, leaves it out of the bucket, and fails", async () => {
    const upload = await source.db.mediaUpload.findFirstOrThrow();
    const file = path.join(mediaDir, upload.path);
    const original = fs.readFileSync(file);
    const damaged = Buffer.from(original);
    damaged[damaged.length - 1] ^= 0xff;
    fs.writeFileSync(file, damaged);
    try {
      const report = await run(emptyPostgres(), { mediaTo: s3.config({ keyPrefix: "damaged/" }) });
      expect(report.ok).toBe(false);
      expect(report.files!.failures).toEqual([
        { key: upload.path, reason: expect.stringMatching(/^sha256 mismatch/) },
      ]);
      expect(await s3.objectBytes(`damaged/${upload.path}`)).toBeUndefined();
      expect(formatReport(report)).toMatch(/NOT complete/);
    } finally {
      fs.writeFileSync(file, original);
    }
  }, 60_000);
});

describe("npm run admin -- migrate-data", () => {
  it("moves a studio `npm start` made and prints the report; exits non-zero on a bad --to", async () => {
    // A studio database as the start command makes it (prisma migrate deploy), with one stored result.
    const studioUrl = `file:${path.join(scratch, "cli", "studio.db")}`;
    const studioMedia = path.join(scratch, "cli", "media");
    await exec("npx", ["prisma", "migrate", "deploy"], { env: { ...process.env, DATABASE_URL: studioUrl } });
    const studio = createDb(studioUrl);
    const bytes = randomBytes(300_000);
    fs.mkdirSync(path.join(studioMedia, "tasks", "t1"), { recursive: true });
    fs.writeFileSync(path.join(studioMedia, "tasks", "t1", "result.bin"), bytes);
    try {
      await studio.task.create({
        data: {
          id: "t1",
          model: "m",
          kind: "image",
          status: "completed",
          request: "{}",
          mediaState: "stored",
        },
      });
      await studio.media.create({
        data: {
          taskId: "t1",
          role: "result",
          fields: "result_url",
          sourceUrl: "https://cdn.example.com/r",
          status: "stored",
          path: "tasks/t1/result.bin",
          size: bytes.length,
          sha256: createHash("sha256").update(bytes).digest("hex"),
        },
      });
    } finally {
      await studio.$disconnect();
    }
    const env = {
      ...process.env,
      ...s3.env,
      MEDIA_STORE: "local",
      S3_KEY_PREFIX: "cli/",
      DATABASE_URL: studioUrl,
      MEDIA_DIR: studioMedia,
      TRACKER: "0",
    };
    const url = emptyPostgres();
    const admin = (...args: string[]) =>
      exec("npm", ["run", "--silent", "admin", "--", "migrate-data", ...args], { env });

    const { stdout } = await admin("--to", url, "--media-to", "s3");
    console.log(stdout);
    expect(stdout).toMatch(/^Task +1 +0 +1$/m);
    expect(stdout).toMatch(/1 copied \(293 KB\), 0 already there, 0 failed/);
    expect(stdout).toContain("S3_KEY_PREFIX=cli/");
    expect(Buffer.compare((await s3.objectBytes("cli/tasks/t1/result.bin"))!, bytes)).toBe(0);

    const refused = await admin("--to", "mysql://127.0.0.1/studio").catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("must be a postgresql:// URL"),
    });
  }, 300_000);
});

const exec = promisify(execFile);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
