// Issue 24: what a large library changes for the gallery list — totals exact below the bound and
// marked as estimates above it, and cursor paging that stays exact while newer items arrive
// between page fetches.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_USER } from "../auth/local-user";
import type { Prisma } from "../generated/prisma/client";
import { createTempDb, type TempDb } from "../testing/temp-db";
import type { GalleryFilters } from "./filters";
import { listGalleryItems } from "./list";
import { bulkSeedGallery, bulkSeedGalleryPostgres, type BulkSeedOptions } from "./testing/bulk-seed";
import { galleryTotal, TOTAL_BOUND } from "./total";

let temp: TempDb;
const NEWEST = new Date(Date.UTC(2026, 10, 1));
// Twice the bound: the unfiltered total must be an estimate, and say so.
const ITEMS = 2 * TOTAL_BOUND;

function seed(db: TempDb, count: number, options: BulkSeedOptions) {
  return db.file
    ? Promise.resolve(bulkSeedGallery(db.file, count, options))
    : bulkSeedGalleryPostgres(db.url, count, options);
}

beforeAll(async () => {
  temp = createTempDb();
  await seed(temp, ITEMS, { newest: NEWEST });
}, 120_000);

afterAll(async () => {
  await temp.cleanup();
});

describe("gallery totals in a large library", () => {
  it("past the bound, answers an estimate and marks it as one", async () => {
    const page = await listGalleryItems(temp.db, LOCAL_USER, { limit: 10 });
    expect(page.totalIsEstimate).toBe(true);
    // An estimate worth the name: within a fifth of the truth, never below the bound it passed.
    expect(page.total).toBeGreaterThan(TOTAL_BOUND);
    expect(Math.abs(page.total! - ITEMS) / ITEMS).toBeLessThan(0.2);
  });

  it("estimates a search past the bound from its share, marked", async () => {
    const dragons = await temp.db.task.count({ where: { prompt: { contains: "dragon" } } });
    expect(dragons).toBeLessThan(TOTAL_BOUND);
    const mostly = await listGalleryItems(temp.db, LOCAL_USER, { limit: 10, q: "-dragon" });
    expect(mostly.totalIsEstimate).toBe(true);
    expect(Math.abs(mostly.total! - (ITEMS - dragons)) / (ITEMS - dragons)).toBeLessThan(0.2);
  });

  const narrower: [GalleryFilters, Prisma.TaskWhereInput][] = [
    [{ status: "failed" }, { status: "failed" }],
    [{ q: "dragon" }, { prompt: { contains: "dragon" } }],
    [
      { q: "dragon", type: "video" },
      { prompt: { contains: "dragon" }, kind: "video" },
    ],
  ];

  it("counts a narrower filter exactly, and does not mark it", async () => {
    for (const [filters, where] of narrower) {
      const expected = await temp.db.task.count({ where });
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThan(TOTAL_BOUND);
      // A budget no count here needs: on a loaded machine the default 20 ms may run out (next test).
      const total = await galleryTotal(temp.db, LOCAL_USER, filters, { countBudgetMs: 60_000 });
      expect(total, JSON.stringify(filters)).toEqual({ total: expected, totalIsEstimate: false });
    }
  });

  it("the list's total is either that exact count or marked as an estimate", async () => {
    for (const [filters, where] of narrower) {
      const expected = await temp.db.task.count({ where });
      const page = await listGalleryItems(temp.db, LOCAL_USER, { limit: 10, ...filters });
      if (page.totalIsEstimate) expect(Math.abs(page.total! - expected) / expected).toBeLessThan(0.5);
      else expect(page.total, JSON.stringify(filters)).toBe(expected);
    }
  });

  it("a count that runs out of its time budget gives a marked estimate (PostgreSQL)", async ({ skip }) => {
    if (temp.file) skip(); // SQLite has no statement timeout: its count is bounded by the cap alone
    const expected = await temp.db.task.count({ where: { prompt: { contains: "dragon" }, kind: "video" } });
    const total = await galleryTotal(
      temp.db,
      LOCAL_USER,
      { q: "dragon", type: "video" },
      { countBudgetMs: 1 },
    );
    expect(total.totalIsEstimate).toBe(true);
    expect(Math.abs(total.total - expected) / expected).toBeLessThan(0.5);
  });

  it("sends no total on later pages", async () => {
    const first = await listGalleryItems(temp.db, LOCAL_USER, { limit: 10 });
    const next = await listGalleryItems(temp.db, LOCAL_USER, {
      limit: 10,
      cursor: first.nextCursor!,
    });
    expect(next.total).toBeNull();
  });
});

describe("gallery paging while items are added", () => {
  // A filter read through an index, and a common word (the page walks the gallery order).
  const cases: [string, GalleryFilters, (prompt: string, status: string) => boolean][] = [
    ["status = failed", { status: "failed" }, (_prompt, status) => status === "failed"],
    ["search dragon", { q: "dragon" }, (prompt) => / ?dragon /.test(` ${prompt}`)],
  ];
  let round = 0;

  it.each(cases)(
    "%s: reaches every older item once, newest first, although newer ones arrive between pages",
    async (_name, filters, matches) => {
      const expected = (
        await temp.db.task.findMany({
          orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
          select: { id: true, prompt: true, status: true },
        })
      )
        .filter((t) => matches(t.prompt, t.status))
        .map((t) => t.id);
      expect(expected.length).toBeGreaterThan(100);

      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listGalleryItems(temp.db, LOCAL_USER, { ...filters, limit: 200, cursor });
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor ?? undefined;
        // Newer items (some of them matching) land while the user scrolls.
        round += 1;
        await seed(temp, 40, {
          newest: new Date(Date.now() + round * 3_600_000),
          idPrefix: `new${round}-`,
          seed: round,
        });
      } while (cursor);

      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(expected);
    },
    120_000,
  );
});
