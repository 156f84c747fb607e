// Issue 24: each main gallery filter's page query reads the indexes it needs on both databases, so a
// plan that falls back to reading all of Task (or a dropped index) fails here instead of at a million
// items. The seed is small, so PostgreSQL runs with sequential scans discouraged (as a big table
// would make it choose); a query no index can serve still shows a Seq Scan then.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_USER } from "../auth/local-user";
import { sqlDialect } from "../db-client";
import { Prisma } from "../generated/prisma/client";
import { createTempDb, type TempDb } from "../testing/temp-db";
import type { GalleryFilters } from "./filters";
import { taskKeysSql } from "./list";
import { bulkCaptionGallery } from "./testing/bulk-captions";
import { bulkSeedGallery, bulkSeedGalleryPostgres } from "./testing/bulk-seed";
import { sampleSql } from "./total";

let temp: TempDb;

beforeAll(async () => {
  temp = createTempDb();
  if (temp.file) bulkSeedGallery(temp.file, 20_000);
  else await bulkSeedGalleryPostgres(temp.url, 20_000); // ends with VACUUM ANALYZE
  // Half the items described (caption and tags), as the vision library leaves them (issue 25).
  await bulkCaptionGallery(temp.db);
}, 180_000);

afterAll(async () => {
  await temp.cleanup();
});

async function plan(filters: GalleryFilters): Promise<string> {
  return explain(await taskKeysSql(temp.db, LOCAL_USER, filters, { limit: 61 }));
}

async function explain(sql: Prisma.Sql): Promise<string> {
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

/**
 * Each main filter with the indexes its page must read (issue 24: measured at 1,000,000 items on
 * PostgreSQL and 200,000 on SQLite, docs/decisions/gallery.md). Where the two databases or the
 * library's size may pick between two good indexes, either is accepted.
 */
type Case = { name: string; filters: GalleryFilters; sqlite: RegExp[]; postgresql: RegExp[] };
const cases: Case[] = [
  {
    name: "no filter",
    filters: {},
    sqlite: [/Task_submittedAt_id_idx/],
    postgresql: [/Task_submittedAt_id_idx/],
  },
  {
    name: "model + status",
    filters: { model: "vendorm-H3-768p-c2", status: "completed" },
    sqlite: [/Task_model_status_submittedAt_idx/],
    postgresql: [/Task_model_status_submittedAt_idx|Task_submittedAt_id_idx/],
  },
  {
    name: "tag + rating",
    filters: { tag: "keeper", rating: 3 },
    sqlite: [/TaskTag_tagId_taskId_idx/],
    postgresql: [/TaskTag_tagId_taskId_idx|TaskTag_pkey/],
  },
  {
    name: "status = expired",
    filters: { status: "expired" },
    sqlite: [/Task_mediaState_submittedAt_idx/, /Media_status_taskId_idx/],
    postgresql: [/Media_status_/],
  },
  {
    name: "type + favorite",
    filters: { type: "video", favorite: true },
    sqlite: [/Task_favorite_submittedAt_idx/],
    postgresql: [/Task_favorite_submittedAt_idx/],
  },
  {
    // A common word: the page walks the favorites newest first, testing the search per row.
    name: "prompt search + type + favorite",
    filters: { q: "dragon", type: "video", favorite: true },
    sqlite: [/Task_favorite_submittedAt_idx/, /TaskSearchFts/],
    postgresql: [/Task_favorite_submittedAt_idx/, /TaskPromptSearch_pkey/],
  },
  {
    name: "prompt search phrase and exclusion",
    filters: { q: '"neon street" -watercolor' },
    sqlite: [/Task_submittedAt_id_idx/, /TaskSearchFts/],
    postgresql: [/Task_submittedAt_id_idx/, /TaskPromptSearch_pkey/],
  },
  {
    // A word no prompt has: the page looks its (no) matches up in the search index.
    name: "prompt search, rare word",
    filters: { q: "xylophone" },
    sqlite: [/TaskSearchFts/, /INTEGER PRIMARY KEY/],
    postgresql: [/TaskPromptSearch_document_idx/, /Task_pkey/],
  },
  // Search by what is shown (issue 25): one search row per task holds prompt, caption and tags on
  // both databases, so a caption word is walked like a prompt word, one index.
  {
    name: "caption-only word",
    filters: { q: "umbrella" },
    sqlite: [/Task_submittedAt_id_idx/, /TaskSearchFts/],
    postgresql: [/Task_submittedAt_id_idx/, /TaskPromptSearch_pkey/],
  },
  {
    name: "caption phrase",
    filters: { q: '"paper lanterns"' },
    sqlite: [/Task_submittedAt_id_idx/, /TaskSearchFts/],
    postgresql: [/Task_submittedAt_id_idx/, /TaskPromptSearch_pkey/],
  },
  {
    name: "prompt word minus a caption word",
    filters: { q: "dragon -umbrella" },
    sqlite: [/Task_submittedAt_id_idx/, /TaskSearchFts/],
    postgresql: [/Task_submittedAt_id_idx/, /TaskPromptSearch_pkey/],
  },
  {
    // A word neither prompts nor captions have: looked up in the one index.
    name: "search, a word in no prompt or caption",
    filters: { q: "xylophone -umbrella" },
    sqlite: [/TaskSearchFts/, /INTEGER PRIMARY KEY/],
    postgresql: [/TaskPromptSearch_document_idx/, /Task_pkey/],
  },
];

describe("gallery page plans", () => {
  it.each(cases)("$name: reads Task through the indexes it needs", async ({ filters, ...expected }) => {
    const text = await plan(filters);
    expect(fullScanOfTask(text), text).toBe(false);
    for (const index of expected[sqlDialect(temp.db)]) expect(text).toMatch(index);
  });

  it("caption search reads one index: no second list of matches to merge", async () => {
    for (const q of ["umbrella", "dragon -umbrella", "xylophone"]) {
      const text = await plan({ q });
      expect(text).not.toMatch(/TaskShown|UNION|HashAggregate|MULTI-INDEX OR/);
      if (sqlDialect(temp.db) === "sqlite") expect(text.match(/TaskSearchFts/g)).toHaveLength(1);
    }
  });

  it("the total's sample tests a tag row by row (no hash of every tagged task)", async () => {
    const text = await explain(sampleSql(sqlDialect(temp.db), LOCAL_USER, { tag: "keeper", rating: 3 }));
    if (sqlDialect(temp.db) === "postgresql") {
      expect(fullScanOfTask(text), text).toBe(false);
      expect(text).toMatch(/TaskTag_pkey|TaskTag_tagId_taskId_idx/);
      expect(text).not.toMatch(/hashed SubPlan|Hash Join|Seq Scan on "TaskTag"/);
    } else {
      // SQLite's plain "SCAN t" here is the sample's own 2,000 rows (the co-routine), not Task.
      expect(text).toMatch(/SCAN t USING INDEX Task_submittedAt_id_idx/);
      expect(text).toMatch(/CORRELATED SCALAR SUBQUERY[^]*SEARCH tt USING COVERING INDEX/);
      expect(text).not.toMatch(/LIST SUBQUERY/);
    }
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
