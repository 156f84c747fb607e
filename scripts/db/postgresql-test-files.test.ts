import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  BOTH_DATABASES_IN_EVERY_RUN,
  databaseTestFiles,
  dialectReason,
  dialectSensitiveTestFiles,
  POSTGRES_LIST,
  postgresTestList,
  root,
} from "./test-files.mjs";

// scripts/test.sh runs only the listed database tests a second time, on PostgreSQL. A test whose
// code is dialect-sensitive and is not listed would pass on SQLite and never meet PostgreSQL.
describe("the PostgreSQL test list", () => {
  const listed = postgresTestList();

  it("lists every database test whose code has raw SQL, a dialect branch or a lease", () => {
    const missing = dialectSensitiveTestFiles()
      .filter((file) => !listed.includes(file))
      .map((file) => `${file} (${dialectReason(file)})`);
    expect(missing, `add these to ${POSTGRES_LIST}`).toEqual([]);
  });

  it("lists only test files that exist and open a database, each once", () => {
    const database = databaseTestFiles();
    expect(listed.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
    expect(listed.filter((file) => !database.includes(file))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("finds each kind of dialect-sensitive code where it is", () => {
    expect(dialectReason("lib/tasks/claims.test.ts")).toMatch(/^(raw SQL|a lease) in lib\/tasks\//);
    expect(dialectReason("lib/batches/runner.test.ts")).toBe(
      "a coordination primitive in lib/batches/send-pace.ts",
    );
    expect(dialectReason("lib/chat/conversations.test.ts")).toBe(
      "a dialect branch in lib/chat/conversations.ts",
    );
    expect(dialectReason("lib/tasks/download-media.test.ts")).toBe("a lease in lib/tasks/download-media.ts");
    expect(dialectReason("lib/gallery/search.test.ts")).toMatch(/^raw SQL in lib\/gallery\//);
  });

  it("leaves out only suites that meet both databases in every run, and says why", () => {
    for (const file of BOTH_DATABASES_IN_EVERY_RUN) {
      expect(listed, `${file} runs on PostgreSQL in every run already`).not.toContain(file);
      const text = fs.readFileSync(path.join(root, file), "utf8");
      // Its SQLite side whichever run it is in, and a PostgreSQL server of its own choosing.
      expect(text, file).toMatch(/STUDIO_TEST_DB: ""/);
      expect(text, file).toMatch(/TEST_POSTGRES_URL/);
    }
  });

  it("still runs a fair share of the database tests on PostgreSQL", () => {
    // The rule reads code: if a refactor hid every marker (say, behind a helper it does not know),
    // the list would quietly shrink to nothing.
    expect(listed.length).toBeGreaterThanOrEqual(Math.ceil(databaseTestFiles().length / 2));
  });
});
