import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresWholeScripts, sqliteShadowScripts } from "./db-adapter-patches";
import { createPgPool } from "./postgres-url";
import { createTempDb } from "./testing/temp-db";
import { postgresTestSettings } from "./testing/postgres-test-server";

/**
 * Each patch against a real database, with the script shape that made it necessary: the run's
 * database decides which (SQLite in the first run of the suite, PostgreSQL in the second).
 */
const onPostgres = postgresTestSettings() !== null;
let temp: ReturnType<typeof createTempDb>;
beforeAll(() => {
  temp = createTempDb();
});
afterAll(async () => {
  await temp.cleanup();
});

const plain = (sql: string) => ({ sql, args: [], argTypes: [] });

const sqliteSuite = () => {
  const migration = `CREATE TABLE "A" ("x" INTEGER);
CREATE TABLE "B" ("y" TEXT);
INSERT INTO "B" ("y") VALUES ('one; two');`;

  it("replays a multi-statement migration whole through the patched shadow adapter", async () => {
    const shadow = await sqliteShadowScripts(new PrismaBetterSQLite3({ url: temp.file })).connectToShadowDb();
    try {
      await shadow.executeRaw(plain(migration));
      const result = await shadow.queryRaw(plain(`SELECT "y" FROM "B"`));
      expect(result.rows).toEqual([["one; two"]]);
    } finally {
      await shadow.dispose();
    }
  });

  it("needs the patch: the adapter as shipped refuses the same migration", async () => {
    const shadow = await new PrismaBetterSQLite3({ url: temp.file }).connectToShadowDb();
    try {
      await expect(shadow.executeRaw(plain(migration))).rejects.toThrow();
    } finally {
      await shadow.dispose();
    }
  });
};

const postgresSuite = () => {
  // A function body and a string with ";" inside: split on ";", the pieces are not SQL.
  const migration = `CREATE TABLE "Note" ("text" TEXT);
INSERT INTO "Note" ("text") VALUES ('one; two');
CREATE FUNCTION "noteCount"() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  RETURN (SELECT count(*) FROM "Note");
END;
$$;`;

  it("runs a migration with a function body and a string holding semicolons as written", async () => {
    const factory = postgresWholeScripts(
      new PrismaPg(createPgPool(temp.url, 2), { disposeExternalPool: true }),
    );
    const adapter = await factory.connect();
    try {
      await adapter.executeScript(migration);
      const result = await adapter.queryRaw(
        plain(`SELECT "noteCount"() AS "n", (SELECT "text" FROM "Note") AS "t"`),
      );
      expect(result.rows).toEqual([["1", "one; two"]]);
    } finally {
      await adapter.dispose();
    }
  });

  it("needs the patch: the adapter as shipped refuses the same migration", async () => {
    const adapter = await new PrismaPg(createPgPool(temp.url, 2), { disposeExternalPool: true }).connect();
    try {
      await expect(adapter.executeScript(migration.replaceAll('"Note"', '"Note2"'))).rejects.toThrow();
    } finally {
      await adapter.dispose();
    }
  });
};

if (onPostgres) describe("PostgreSQL: whole scripts", postgresSuite);
else describe("SQLite: the shadow database's migrations", sqliteSuite);
