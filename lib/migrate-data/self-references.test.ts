/**
 * A table that references itself (Comment.parentId: a reply names its thread) is copied whatever
 * order its keys put parents and replies in: here the reply's id sorts before its thread's, and
 * batches of one row put them in separate statements, on a PostgreSQL target that checks every
 * foreign key as each statement ends.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../db-client";
import { seedTasks } from "../gallery/testing/seed-tasks";
import { setEnv } from "../testing/env-vars";
import { DEFAULT_TEST_POSTGRES_URL } from "../testing/postgres-test-server";
import { createTempDb, databaseUrl, psql, type TempDb } from "../testing/temp-db";
import { applyPostgresMigrations } from "./apply-migrations";
import { copyRows } from "./copy-rows";
import { modelTables } from "./models";

const adminUrl = process.env.TEST_POSTGRES_URL || DEFAULT_TEST_POSTGRES_URL;
const name = `migrate_self_${randomBytes(5).toString("hex")}`;
let source: TempDb;
let target: Db;

beforeAll(async () => {
  const restore = setEnv({ STUDIO_TEST_DB: "" });
  try {
    source = createTempDb();
  } finally {
    restore();
  }
  await seedTasks(source.db, [{ id: "clip", kind: "video" }]);
  const comment = (id: string, parentId: string | null, body: string) =>
    source.db.comment.create({ data: { id, taskId: "clip", parentId, body } });
  await comment("z-thread", null, "the hand");
  await comment("a-reply", "z-thread", "fixed");
  await comment("b-reply", "z-thread", "thanks");
  await comment("m-other", null, "colour");
  psql(adminUrl, `CREATE DATABASE "${name}"`);
  const url = databaseUrl(adminUrl, name);
  await applyPostgresMigrations(url);
  target = createDb(url);
}, 120_000);

afterAll(async () => {
  await target?.$disconnect();
  await source?.cleanup();
  psql(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

const rows = (db: Db) =>
  db.comment.findMany({ orderBy: { id: "asc" }, select: { id: true, parentId: true, body: true } });

describe("copying a self-referencing table", () => {
  it("writes replies after their threads, and a rerun changes nothing", async () => {
    const tables = await modelTables(source.db);
    const counts = await copyRows(source.db, target, tables, { batchSize: 1 });
    expect(counts.find((c) => c.model === "Comment")).toMatchObject({ source: 4, copied: 4, present: 0 });
    expect(await rows(target)).toEqual(await rows(source.db));
    const again = await copyRows(source.db, target, tables, { batchSize: 1 });
    expect(again.find((c) => c.model === "Comment")).toMatchObject({ copied: 0, present: 4 });
    expect(await rows(target)).toEqual(await rows(source.db));
  });
});
