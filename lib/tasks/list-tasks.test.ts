import { LOCAL_USER } from "../auth/local-user";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StudioError } from "../errors";
import { createTempDb } from "../testing/temp-db";
import { encodeCursor } from "../http/page-cursor";
import { listTasks, listTasksQuery } from "./list-tasks";
import { seedTask } from "./testing/task-fixtures";

let temp: ReturnType<typeof createTempDb>;
const t0 = Date.parse("2026-11-01T10:00:00.000Z");
const at = (minutes: number) => new Date(t0 + minutes * 60_000);

// Seven tasks; four share one instant (a batch submitted together), so only the id orders them.
const seeded: { id: string; minutes: number; model: string; status: string }[] = [
  { id: "a", minutes: 0, model: "sd_2.5_ORelay", status: "completed" },
  { id: "b", minutes: 5, model: "vendorm-H3-768p-c1", status: "failed" },
  { id: "c", minutes: 5, model: "sd_2.5_ORelay", status: "completed" },
  { id: "d", minutes: 5, model: "sd_2.5_ORelay", status: "processing" },
  { id: "e", minutes: 5, model: "vendorm-H3-768p-c1", status: "completed" },
  { id: "f", minutes: 9, model: "sd_2.5_ORelay", status: "queued" },
  { id: "g", minutes: 12, model: "vendorm-H3-768p-c1", status: "completed" },
];

beforeAll(async () => {
  temp = createTempDb();
  for (const task of seeded) {
    await seedTask(temp.db, {
      id: task.id,
      model: task.model,
      status: task.status,
      submittedAt: at(task.minutes),
    });
  }
});
afterAll(() => temp.cleanup());

/** Every page of a query, following nextCursor as a client would. */
async function allPages(query: Record<string, string>) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page = await listTasks(
      temp.db,
      LOCAL_USER,
      listTasksQuery.parse({ ...query, ...(cursor ? { cursor } : {}) }),
    );
    pages.push(page.items.map((task) => task.id));
    cursor = page.nextCursor;
    if (pages.length > 10) throw new Error("nextCursor never became null");
  } while (cursor);
  return pages;
}

describe("listTasks", () => {
  it("pages newest first, ties by id, without duplicates or gaps, ending with nextCursor null", async () => {
    const pages = await allPages({ limit: "2" });
    expect(pages).toEqual([["g", "f"], ["e", "d"], ["c", "b"], ["a"]]);
  });

  it("answers nextCursor null when the last page is exactly full", async () => {
    const first = await listTasks(temp.db, LOCAL_USER, listTasksQuery.parse({ limit: "7" }));
    expect(first.items).toHaveLength(7);
    expect(first.nextCursor).toBeNull();
  });

  it("filters by model and by status, across pages", async () => {
    expect((await allPages({ limit: "2", model: "sd_2.5_ORelay" })).flat()).toEqual(["f", "d", "c", "a"]);
    expect((await allPages({ limit: "2", status: "completed" })).flat()).toEqual(["g", "e", "c", "a"]);
    expect((await allPages({ limit: "1", status: "completed", model: "vendorm-H3-768p-c1" })).flat()).toEqual(
      ["g", "e"],
    );
  });

  it("continues after a cursor inside a batch of equal submit times", async () => {
    const cursor = encodeCursor({ submittedAt: at(5).toISOString(), id: "d" });
    const page = await listTasks(temp.db, LOCAL_USER, listTasksQuery.parse({ limit: "10", cursor }));
    expect(page.items.map((task) => task.id)).toEqual(["c", "b", "a"]);
    expect(page.nextCursor).toBeNull();
  });

  it("rejects a cursor it did not issue, naming the cursor", async () => {
    const error = await listTasks(temp.db, LOCAL_USER, listTasksQuery.parse({ cursor: "not-a-cursor" })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StudioError);
    expect(error).toMatchObject({ code: "invalid_request", status: 400 });
    expect((error as StudioError).issues).toEqual([
      { path: "cursor", message: "is not a cursor returned by this API", code: "not_a_cursor" },
    ]);
  });

  it("rejects an unknown status and an out-of-range limit", () => {
    expect(listTasksQuery.safeParse({ status: "done" }).success).toBe(false);
    expect(listTasksQuery.safeParse({ limit: "0" }).success).toBe(false);
    expect(listTasksQuery.safeParse({ limit: "101" }).success).toBe(false);
  });
});
