import { LOCAL_USER } from "../auth/local-user";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/components/i18n/testing/issue-words";
import { encodeCursor } from "../http/page-cursor";
import { zodIssueCode } from "../http/zod-issue";
import { createTempDb } from "../testing/temp-db";
import { galleryListQuerySchema } from "./filter-schema";
import { filtersToSearchParams, searchParamsObject, type GalleryListQuery } from "./filters";
import { listGalleryItems } from "./list";
import { seedTasks } from "./testing/seed-tasks";

let temp: ReturnType<typeof createTempDb>;
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 10, day, hour));

beforeAll(async () => {
  temp = createTempDb();
  await seedTasks(temp.db, [
    {
      id: "t01",
      prompt: "A dragon flying over snowy mountains",
      submittedAt: at(1),
      favorite: true,
      rating: 5,
    },
    {
      id: "t02",
      prompt: "A red car racing at night",
      submittedAt: at(2),
      tags: ["Cars", "night"],
      rating: 3,
    },
    { id: "t03", prompt: "Portrait of a cat", kind: "image", submittedAt: at(3), tags: ["cats"] },
    {
      id: "t04",
      prompt: "Sci-fi city skyline",
      status: "failed",
      error: "content review failed",
      submittedAt: at(4),
    },
    {
      id: "t05",
      prompt: "Café terrace in the rain",
      model: "sd_2.0_fast_special",
      submittedAt: at(5),
      mediaState: "expired",
      media: [{ status: "expired", path: null }],
    },
    { id: "t06", prompt: "一只猫在跳舞", kind: "image", submittedAt: at(6), favorite: true, rating: 4 },
    { id: "t07", prompt: 'He said "hello" to the dragon', status: "processing", submittedAt: at(7) },
    // Three tasks submitted in the same millisecond: the id breaks the tie.
    { id: "t08a", prompt: "same instant one", submittedAt: at(8) },
    { id: "t08b", prompt: "same instant two", submittedAt: at(8) },
    { id: "t08c", prompt: "same instant three", submittedAt: at(8), tags: ["cars"] },
  ]);
});
afterAll(() => temp.cleanup());

async function ids(query: Record<string, string>): Promise<string[]> {
  const parsed = galleryListQuerySchema.parse(query);
  return (await listGalleryItems(temp.db, LOCAL_USER, parsed)).items.map((i) => i.id);
}

describe("gallery list order and cursor", () => {
  it("lists newest first, ties broken by id descending", async () => {
    expect(await ids({})).toEqual(["t08c", "t08b", "t08a", "t07", "t06", "t05", "t04", "t03", "t02", "t01"]);
  });

  it("walks every item exactly once in pages, across a tie on submittedAt", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const query: GalleryListQuery = { limit: 2, cursor };
      const page = await listGalleryItems(temp.db, LOCAL_USER, query);
      seen.push(...page.items.map((i) => i.id));
      expect(page.total).toBe(pages === 0 ? 10 : null);
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(["t08c", "t08b", "t08a", "t07", "t06", "t05", "t04", "t03", "t02", "t01"]);
  });

  it("returns no cursor when the last page is exactly full", async () => {
    const page = await listGalleryItems(temp.db, LOCAL_USER, { limit: 10 });
    expect(page.items).toHaveLength(10);
    expect(page.nextCursor).toBeNull();
  });

  it("rejects a cursor it did not issue, naming the parameter", async () => {
    await expect(listGalleryItems(temp.db, LOCAL_USER, { cursor: "bm9wZQ" })).rejects.toMatchObject({
      code: "invalid_request",
      issues: [{ path: "cursor", message: "is not a cursor returned by this API" }],
    });
  });

  it.each(["2026-02-30T00:00:00.000", "2026-01-01T24:00:00.000+00:00", "2026-01-01Tnoon", "2026-01-01"])(
    "rejects a cursor whose time %s names no instant as a 400, never a database error",
    async (submittedAt) => {
      const cursor = encodeCursor({ submittedAt, id: "t01" });
      await expect(listGalleryItems(temp.db, LOCAL_USER, { cursor })).rejects.toMatchObject({
        code: "invalid_request",
        issues: [{ path: "cursor", message: "is not a cursor returned by this API" }],
      });
    },
  );
});

describe("gallery filters", () => {
  it("filters by type, model and status", async () => {
    expect(await ids({ type: "image" })).toEqual(["t06", "t03"]);
    expect(await ids({ model: "sd_2.0_fast_special" })).toEqual(["t05"]);
    expect(await ids({ status: "processing" })).toEqual(["t07"]);
  });

  it("keeps failed and expired tasks findable, with their error and state", async () => {
    const failed = await listGalleryItems(temp.db, LOCAL_USER, { status: "failed" });
    expect(failed.items.map((i) => [i.id, i.error])).toEqual([["t04", "content review failed"]]);
    const expired = await listGalleryItems(temp.db, LOCAL_USER, { status: "expired" });
    expect(expired.items.map((i) => [i.id, i.expired, i.media[0].status])).toEqual([
      ["t05", true, "expired"],
    ]);
  });

  it("filters by favorite, minimum rating and tag (case-insensitive)", async () => {
    expect(await ids({ favorite: "1" })).toEqual(["t06", "t01"]);
    expect(await ids({ favorite: "0", type: "image" })).toEqual(["t03"]);
    expect(await ids({ rating: "4" })).toEqual(["t06", "t01"]);
    expect(await ids({ tag: "CARS" })).toEqual(["t08c", "t02"]);
    expect(await ids({ tag: "nope" })).toEqual([]);
  });

  it("filters by the batch that sent the tasks", async () => {
    await temp.db.task.updateMany({ where: { id: { in: ["t02", "t06"] } }, data: { batchId: "batch-1" } });
    try {
      expect(await ids({ batch: "batch-1" })).toEqual(["t06", "t02"]);
      expect(await ids({ batch: "batch-1", type: "image" })).toEqual(["t06"]);
      expect(await ids({ batch: "batch-2" })).toEqual([]);
    } finally {
      await temp.db.task.updateMany({ where: { batchId: "batch-1" }, data: { batchId: null } });
    }
  });

  it("filters by date range, a bare `to` date including its whole day", async () => {
    expect(await ids({ from: "2026-11-03", to: "2026-11-05" })).toEqual(["t05", "t04", "t03"]);
    expect(await ids({ from: "2026-11-06T12:00:00Z", to: "2026-11-07T11:59:59+00:00" })).toEqual(["t06"]);
    expect(await ids({ to: "2026-11-07T13:00:00+02:00" })).toEqual([
      "t06",
      "t05",
      "t04",
      "t03",
      "t02",
      "t01",
    ]);
  });

  it("combines filters and paginates within them", async () => {
    const first = await listGalleryItems(temp.db, LOCAL_USER, { tag: "cars", limit: 1 });
    expect(first.items.map((i) => i.id)).toEqual(["t08c"]);
    expect(first.total).toBe(2);
    const second = await listGalleryItems(temp.db, LOCAL_USER, {
      tag: "cars",
      limit: 1,
      cursor: first.nextCursor!,
    });
    expect(second.items.map((i) => i.id)).toEqual(["t02"]);
    expect(second.nextCursor).toBeNull();
  });

  it("returns the list contract's fields", async () => {
    const [item] = (await listGalleryItems(temp.db, LOCAL_USER, { q: "red car" })).items;
    expect(item).toMatchObject({
      id: "t02",
      model: "sd_2.5_ORelay",
      kind: "video",
      status: "completed",
      prompt: "A red car racing at night",
      favorite: false,
      rating: 3,
      tags: ["cars", "night"],
      submittedAt: "2026-11-02T12:00:00.000Z",
    });
  });
});

describe("gallery query parameters", () => {
  it("names the parameter and the rule when a value is invalid", () => {
    const result = galleryListQuerySchema.safeParse({ rating: "6", type: "gif", from: "yesterday" });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        "type: must be video, image or sequence",
        expect.stringMatching(/^rating: .*5/),
        expect.stringMatching(/^from: must be a date/),
      ]),
    );
    expect(
      galleryListQuerySchema.safeParse({ from: "2026-11-05", to: "2026-11-04" }).error?.issues[0],
    ).toMatchObject({ path: ["to"], message: "must not be before from" });
  });

  it("gives each broken rule its code and params, which a Chinese page words", () => {
    const result = galleryListQuerySchema.safeParse({ rating: "6", type: "gif", limit: "0" });
    const coded = Object.fromEntries(
      result.error!.issues.map((i) => [i.path.join("."), { message: i.message, ...zodIssueCode(i) }]),
    );
    expect(coded.type).toMatchObject({
      code: "not_one_of",
      params: { allowed: ["video", "image", "sequence"] },
    });
    expect(coded.rating).toMatchObject({ code: "range", params: { min: 1, max: 5 } });
    expect(inChinese(coded.limit)).toBe(inChinese({ code: "too_small", params: { min: 1 }, message: "" }));
    const backwards = galleryListQuerySchema.safeParse({ from: "2026-11-05", to: "2026-11-04" }).error!
      .issues[0];
    expect(inChinese({ message: backwards.message, ...zodIssueCode(backwards) })).toBe("不能早于 from");
  });

  it("round-trips filters through a URL in a stable order, dropping empty values", () => {
    const filters = galleryListQuerySchema.parse(
      searchParamsObject(new URLSearchParams("q=dragon&favorite=1&type=video&model=&rating=3")),
    );
    expect(filtersToSearchParams(filters).toString()).toBe("type=video&favorite=1&rating=3&q=dragon");
  });
});
