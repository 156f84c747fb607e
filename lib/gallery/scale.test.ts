// Issue 24: what a large library changes for the gallery list — totals bounded and marked as such,
// and cursor paging that stays exact while newer items arrive between page fetches.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_USER } from "../auth/local-user";
import { createTempDb, type TempDb } from "../testing/temp-db";
import { listGalleryItems, TOTAL_BOUND } from "./list";
import { bulkSeedGallery, bulkSeedGalleryPostgres, type BulkSeedOptions } from "./testing/bulk-seed";

let temp: TempDb;
const NEWEST = new Date(Date.UTC(2026, 10, 1));

function seed(db: TempDb, count: number, options: BulkSeedOptions) {
  return db.file
    ? Promise.resolve(bulkSeedGallery(db.file, count, options))
    : bulkSeedGalleryPostgres(db.url, count, options);
}

beforeAll(async () => {
  temp = createTempDb();
  // One past the bound: the smallest library whose total must read "10,000+".
  await seed(temp, TOTAL_BOUND + 1, { newest: NEWEST });
}, 120_000);

afterAll(async () => {
  await temp.cleanup();
});

describe("gallery totals in a large library", () => {
  it("stops counting at the bound and says the total is a lower bound", async () => {
    const page = await listGalleryItems(temp.db, LOCAL_USER, { limit: 10 });
    expect(page.total).toBe(TOTAL_BOUND);
    expect(page.totalIsLowerBound).toBe(true);
  });

  it("counts a narrower filter exactly, and does not mark it", async () => {
    const failed = await temp.db.task.count({ where: { status: "failed" } });
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(TOTAL_BOUND);
    const page = await listGalleryItems(temp.db, LOCAL_USER, { limit: 10, status: "failed" });
    expect(page.total).toBe(failed);
    expect(page.totalIsLowerBound).toBeUndefined();
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
  it("reaches every older item once, in order, although newer ones arrive between pages", async () => {
    const filter = { status: "failed" as const };
    const expected = (
      await temp.db.task.findMany({
        where: { status: "failed" },
        orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
        select: { id: true },
      })
    ).map((t) => t.id);

    const seen: string[] = [];
    let cursor: string | undefined;
    let round = 0;
    do {
      const page = await listGalleryItems(temp.db, LOCAL_USER, { ...filter, limit: 50, cursor });
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor ?? undefined;
      // Newer items (some failed, so they match) land while the user scrolls.
      round += 1;
      await seed(temp, 40, {
        newest: new Date(Date.now() + round * 3_600_000),
        idPrefix: `new${round}-`,
        seed: round,
      });
    } while (cursor);

    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected);
  }, 120_000);
});
