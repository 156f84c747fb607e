// Issue 24: each main gallery filter's page query uses an index on both databases, so a plan that
// falls back to reading all of Task fails here instead of at a million items. The seed is small, so
// PostgreSQL runs with sequential scans discouraged (as a big table would make it choose); a query
// no index can serve still shows a Seq Scan then.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_USER } from "../auth/local-user";
import { sqlDialect } from "../db-client";
import { Prisma } from "../generated/prisma/client";
import { createTempDb, type TempDb } from "../testing/temp-db";
import type { GalleryFilters } from "./filters";
import { taskKeysSql } from "./list";
import { bulkSeedGallery, bulkSeedGalleryPostgres } from "./testing/bulk-seed";

let temp: TempDb;

beforeAll(async () => {
  temp = createTempDb();
  if (temp.file) bulkSeedGallery(temp.file, 3000);
  else await bulkSeedGalleryPostgres(temp.url, 3000); // ends with VACUUM ANALYZE
  if (temp.file) await temp.db.$executeRawUnsafe("ANALYZE");
}, 120_000);

afterAll(async () => {
  await temp.cleanup();
});

async function plan(filters: GalleryFilters): Promise<string> {
  const sql = await taskKeysSql(temp.db, LOCAL_USER, filters, { limit: 61 });
  if (sqlDialect(temp.db) === "postgresql") {
    const rows = await temp.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN ${sql}`);
    });
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  }
  const rows = await temp.db.$queryRaw<{ detail: string }[]>(Prisma.sql`EXPLAIN QUERY PLAN ${sql}`);
  return rows.map((r) => r.detail).join("\n");
}

/** A full read of Task: SQLite's bare "SCAN t" (not "USING INDEX"), PostgreSQL's Seq Scan. */
function fullScanOfTask(text: string): boolean {
  return /Seq Scan on "Task"/.test(text) || /^SCAN t$/m.test(text);
}

const cases: [string, GalleryFilters][] = [
  ["no filter", {}],
  ["model + status", { model: "vendorm-H3-768p-c2", status: "completed" }],
  ["tag + rating", { tag: "keeper", rating: 3 }],
  ["status = expired", { status: "expired" }],
  ["type + favorite", { type: "video", favorite: true }],
  ["prompt search + type + favorite", { q: "dragon", type: "video", favorite: true }],
  ["prompt search phrase and exclusion", { q: '"neon street" -watercolor' }],
];

describe("gallery page plans", () => {
  it.each(cases)("%s: reads Task through an index", async (_name, filters) => {
    const text = await plan(filters);
    expect(fullScanOfTask(text), text).toBe(false);
    expect(text).toMatch(/Index|INDEX|USING|fts|Fts|Bitmap/);
  });

  it("the check catches a full scan (an unindexed condition)", async () => {
    const sql = Prisma.sql`SELECT t."id" FROM "Task" t WHERE t."error" = 'x' ORDER BY t."prompt" LIMIT 61`;
    const text =
      sqlDialect(temp.db) === "postgresql"
        ? (await temp.db.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN ${sql}`))
            .map((r) => r["QUERY PLAN"])
            .join("\n")
        : (await temp.db.$queryRaw<{ detail: string }[]>(Prisma.sql`EXPLAIN QUERY PLAN ${sql}`))
            .map((r) => r.detail)
            .join("\n");
    expect(fullScanOfTask(text), text).toBe(true);
  });
});
