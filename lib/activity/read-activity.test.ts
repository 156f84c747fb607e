import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "../auth/scope";
import { seedTasks } from "../gallery/testing/seed-tasks";
import { writeMediaState } from "../tasks/media-state";
import { createTempDb } from "../testing/temp-db";
import { readActivity } from "./read-activity";

let temp: ReturnType<typeof createTempDb>;
const ada: Viewer = { id: "ada", role: "member", via: "session" };
const bob: Viewer = { id: "bob", role: "admin", via: "session" };
const t0 = new Date("2026-11-23T10:00:00Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

beforeAll(async () => {
  temp = createTempDb();
  for (const id of ["ada", "bob"]) {
    await temp.db.user.create({ data: { id, name: id, email: `${id}@example.com` } });
  }
  await seedTasks(temp.db, [
    { id: "ada-running", userId: "ada", status: "processing", media: [] },
    { id: "ada-done", userId: "ada", kind: "image", prompt: "a kite", mediaState: "pending" },
    { id: "ada-failed", userId: "ada", status: "failed", error: "content review" },
    { id: "bob-done", userId: "bob", mediaState: "pending" },
    { id: "ada-batch-1", userId: "ada" },
    { id: "ada-batch-2", userId: "ada", mediaState: "pending" },
  ]);
  await temp.db.batch.create({
    data: {
      id: "ada-batch",
      title: "Kites",
      plan: "{}",
      intervalMs: 0,
      userId: "ada",
      items: {
        create: ["ada-batch-1", "ada-batch-2"].map((taskId, index) => ({
          index,
          model: "vendors_5.0Pro",
          variation: 0,
          body: "{}",
          state: "sent",
          taskId,
        })),
      },
    },
  });
  await temp.db.task.updateMany({
    where: { id: { in: ["ada-batch-1", "ada-batch-2"] } },
    data: { batchId: "ada-batch" },
  });
});

afterAll(() => temp?.cleanup());

describe("the activity feed", () => {
  it("counts the viewer's running tasks and announces nothing without a cursor", async () => {
    await writeMediaState(temp.db, "ada-failed", "none", at(1));
    const first = await readActivity(temp.db, ada, null, at(2));
    expect(first).toMatchObject({ running: 1, tasks: [], batches: [], moreTasks: 0 });
    // The cursor trails the read, so a settle committed just after it is still seen next time.
    expect(first.cursor).toBe(at(2 - 30).toISOString());
  });

  it("lists a task once its files are stored, not while they download", async () => {
    const since = at(0);
    expect((await readActivity(temp.db, ada, since, at(5))).tasks.map((t) => t.id)).toEqual(["ada-failed"]);
    await writeMediaState(temp.db, "ada-done", "stored", at(6));
    const later = await readActivity(temp.db, ada, since, at(7));
    expect(later.tasks.map((t) => [t.id, t.status, t.href, t.settledAt])).toEqual([
      ["ada-done", "completed", "/gallery?item=ada-done", at(6).toISOString()],
      ["ada-failed", "failed", "/?task=ada-failed", at(1).toISOString()],
    ]);
    expect(later.tasks[1].error).toBe("content review");
  });

  it("keeps the first settle time when the state is written again; a pending download clears it", async () => {
    await writeMediaState(temp.db, "ada-done", "stored", at(20));
    expect((await temp.db.task.findUniqueOrThrow({ where: { id: "ada-done" } })).settledAt).toEqual(at(6));
    await writeMediaState(temp.db, "ada-done", "pending", at(21));
    expect((await temp.db.task.findUniqueOrThrow({ where: { id: "ada-done" } })).settledAt).toBeNull();
    await writeMediaState(temp.db, "ada-done", "stored", at(22));
    expect((await readActivity(temp.db, ada, at(21), at(23))).tasks.map((t) => t.id)).toEqual(["ada-done"]);
  });

  it("reaches back at most 15 minutes, whatever the cursor says", async () => {
    const later = new Date(t0.getTime() + 16 * 60_000);
    expect((await readActivity(temp.db, ada, new Date(0), later)).tasks.map((t) => t.id)).toEqual([]);
    const soon = new Date(t0.getTime() + 14 * 60_000);
    expect((await readActivity(temp.db, ada, new Date(0), soon)).tasks.length).toBeGreaterThan(0);
  });

  it("shows only the viewer's own work, admins included", async () => {
    await writeMediaState(temp.db, "bob-done", "stored", at(30));
    expect((await readActivity(temp.db, ada, at(29), at(31))).tasks).toEqual([]);
    expect((await readActivity(temp.db, bob, at(29), at(31))).tasks.map((t) => t.id)).toEqual(["bob-done"]);
    expect((await readActivity(temp.db, bob, null, at(31))).running).toBe(0);
  });

  it("announces a batch when its last task settles, and not its tasks one by one", async () => {
    await writeMediaState(temp.db, "ada-batch-1", "stored", at(40));
    const half = await readActivity(temp.db, ada, at(39), at(41));
    expect([half.tasks, half.batches]).toEqual([[], []]);
    await writeMediaState(temp.db, "ada-batch-2", "failed", at(42));
    const done = await readActivity(temp.db, ada, at(39), at(43));
    expect(done.tasks).toEqual([]);
    expect(done.batches).toEqual([
      { id: "ada-batch", title: "Kites", total: 2, completed: 2, failed: 0, href: "/batches/ada-batch" },
    ]);
    expect((await readActivity(temp.db, bob, at(39), at(43))).batches).toEqual([]);
  });
});
