import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_USER } from "../auth/local-user";
import { encodeCursor } from "../http/page-cursor";
import { createTempDb } from "../testing/temp-db";
import { getGalleryItem } from "./detail";
import { galleryListQuerySchema } from "./filter-schema";
import type { GalleryListQuery } from "./filters";
import { listGalleryItems } from "./list";
import { seedTasks } from "./testing/seed-tasks";

/**
 * The gallery's "best score first" (score-order.ts): scored items best first, ties and the unscored
 * newest first; pages neither repeat nor skip an item while new scored items arrive; the detail
 * view's neighbours follow the same order. Runs on both databases.
 */
let temp: ReturnType<typeof createTempDb>;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 12, minute));

type Seed = { id: string; minute: number; score?: number | null; kind?: "image" | "video" };
// Ties on score, ties on the instant (s3a/s3b/u5a/u5b), an item described without a score (d1).
const SEEDS: Seed[] = [
  { id: "u1", minute: 1 },
  { id: "s2", minute: 2, score: 5 },
  { id: "s3a", minute: 3, score: 3 },
  { id: "s3b", minute: 3, score: 3 },
  { id: "u4", minute: 4, kind: "image" },
  { id: "u5a", minute: 5 },
  { id: "u5b", minute: 5 },
  { id: "s6", minute: 6, score: 0, kind: "image" },
  { id: "d7", minute: 7, score: null },
  { id: "s8", minute: 8, score: 5 },
  { id: "s9", minute: 9, score: 3, kind: "image" },
  { id: "u10", minute: 10 },
];

/** The order the sort promises, computed here from the seeds: what the pages must equal. */
function expectedOrder(seeds: Seed[]): string[] {
  const newest = (a: Seed, b: Seed) => b.minute - a.minute || (a.id < b.id ? 1 : -1);
  const scored = seeds.filter((s) => typeof s.score === "number");
  const rest = seeds.filter((s) => typeof s.score !== "number");
  scored.sort((a, b) => b.score! - a.score! || newest(a, b));
  return [...scored, ...rest.sort(newest)].map((s) => s.id);
}

async function seed(seeds: Seed[]): Promise<void> {
  await seedTasks(
    temp.db,
    seeds.map((s) => ({
      id: s.id,
      kind: s.kind ?? "video",
      prompt: `take ${s.id}`,
      submittedAt: at(s.minute),
    })),
  );
  for (const s of seeds) {
    if (s.score === undefined) continue;
    await temp.db.taskDescription.create({
      data: { taskId: s.id, status: "done", caption: "a take", score: s.score, scoreReason: "fits" },
    });
  }
}

async function allPages(query: GalleryListQuery, between?: (page: number, seen: string[]) => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const result = await listGalleryItems(temp.db, LOCAL_USER, { ...query, cursor });
    seen.push(...result.items.map((i) => i.id));
    if (!result.nextCursor) return seen;
    cursor = result.nextCursor;
    await between?.(page, seen);
  }
  throw new Error("more than 50 pages");
}

beforeAll(async () => {
  temp = createTempDb();
  await seed(SEEDS);
});
afterAll(() => temp.cleanup());

describe("gallery sort=score", () => {
  it("puts scored items first, best first; ties and the unscored newest first", async () => {
    const { items, nextCursor, total } = await listGalleryItems(temp.db, LOCAL_USER, {
      sort: "score",
      limit: 100,
    });
    expect(items.map((i) => i.id)).toEqual([
      "s8",
      "s2",
      "s9",
      "s3b",
      "s3a",
      "s6",
      "u10",
      "d7",
      "u5b",
      "u5a",
      "u4",
      "u1",
    ]);
    expect(items.map((i) => i.id)).toEqual(expectedOrder(SEEDS));
    // The cards of this order show each take's score; d7 was described without one.
    expect(items.slice(0, 7).map((i) => i.takeScore?.score)).toEqual([5, 5, 3, 3, 3, 0, undefined]);
    expect(items[0].takeScore).toEqual({ score: 5, reason: "fits" });
    expect(nextCursor).toBeNull();
    expect(total).toBe(12);
  });

  it.each([1, 2, 3, 5, 6, 7])("pages of %i give the same order, each item once", async (limit) => {
    expect(await allPages({ sort: "score", limit })).toEqual(expectedOrder(SEEDS));
  });

  it("applies the filters in both regions", async () => {
    expect(await allPages({ sort: "score", type: "image", limit: 1 })).toEqual(["s9", "s6", "u4"]);
  });

  it("keeps the default order newest first", async () => {
    const { items } = await listGalleryItems(temp.db, LOCAL_USER, { limit: 3 });
    expect(items.map((i) => i.id)).toEqual(["u10", "s9", "s8"]);
  });

  it("neither repeats nor skips an item while new scored and unscored items arrive", async () => {
    // After each page a newer take arrives: scored 5 (above every cursor), 0 (below it then), …
    const arrivals: Seed[] = [5, 0, 1, 3, null, 2, 0, 5, undefined, 4].map((score, i) => ({
      id: `n${String(i).padStart(2, "0")}`,
      minute: 30 + i,
      score,
    }));
    let arrived = 0;
    // Each arrival with the item just before the cursor when it came.
    const cursorAt = new Map<string, string>();
    let seen: string[] = [];
    try {
      seen = await allPages({ sort: "score", limit: 2 }, async (_page, soFar) => {
        if (arrived >= arrivals.length) return;
        cursorAt.set(arrivals[arrived].id, soFar.at(-1)!);
        await seed([arrivals[arrived++]]);
      });
      expect(arrived).toBeGreaterThan(3);
      expect(new Set(seen).size).toBe(seen.length);
      // Every item there before paging began is seen, in the order the sort gives them.
      const before = new Set(SEEDS.map((s) => s.id));
      expect(seen.filter((id) => before.has(id))).toEqual(expectedOrder(SEEDS));
      // An arrival is seen exactly when it sorts after the cursor it came behind, in its place.
      const order = expectedOrder([...SEEDS, ...arrivals.slice(0, arrived)]);
      expect(seen).toEqual(
        order.filter((id) => before.has(id) || order.indexOf(id) > order.indexOf(cursorAt.get(id)!)),
      );
      // Both kinds happen: the first arrival (score 5) lands before the cursor, the second (0) after.
      expect(seen).not.toContain("n00");
      expect(seen).toContain("n01");
    } finally {
      await temp.db.task.deleteMany({ where: { id: { in: arrivals.map((a) => a.id) } } });
    }
  });

  it("walks the detail view's previous and next item in the same order", async () => {
    const order = expectedOrder(SEEDS);
    for (const [i, id] of order.entries()) {
      const item = await getGalleryItem(temp.db, LOCAL_USER, id, { sort: "score" });
      expect([item.prevId, item.nextId]).toEqual([order[i - 1] ?? null, order[i + 1] ?? null]);
    }
  });

  it("takes sort from the query and rejects another order or a default-order cursor", async () => {
    expect(galleryListQuerySchema.parse({ sort: "score" })).toMatchObject({ sort: "score" });
    expect(galleryListQuerySchema.safeParse({ sort: "best" }).error?.issues[0]).toMatchObject({
      path: ["sort"],
      message: "must be newest or score",
    });
    const cursor = encodeCursor({ submittedAt: "2026-11-20T12:05:00.000+00:00", id: "u5a" });
    await expect(listGalleryItems(temp.db, LOCAL_USER, { sort: "score", cursor })).rejects.toMatchObject({
      code: "invalid_request",
      issues: [{ path: "cursor" }],
    });
  });
});
