/**
 * The outbox hooks on a task's settle: task.stored only when its files are all stored, and
 * batch.completed once, from the last of a batch's tasks to settle.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateMediaState } from "../tasks/media-state";
import { seedTask } from "../tasks/testing/task-fixtures";
import { createTempDb } from "../testing/temp-db";
import { failureColumns } from "../errors";
import { createEndpoint } from "./endpoints";
import { emitTaskFinished } from "./task-events";

let temp: ReturnType<typeof createTempDb>;
beforeAll(() => {
  temp = createTempDb();
});
afterAll(async () => temp?.cleanup());

const admin = { id: "local", role: "admin", via: "local" } as const;

async function taskWithMedia(id: string, batchId: string, status: string, mediaStatus: string) {
  await seedTask(temp.db, { id, status, mediaState: "pending", batchId });
  await temp.db.media.create({
    data: {
      taskId: id,
      role: "result",
      fields: "result_url",
      sourceUrl: `https://x.test/${id}`,
      status: mediaStatus,
    },
  });
}

describe("task finish events", () => {
  it("task.failed carries the task's error with its code and params beside it", async () => {
    await createEndpoint(temp.db, admin, {
      url: "https://failures.example.com/",
      events: ["task.failed"],
      description: "",
      global: true,
    });
    const lost = {
      code: "tracker_upstream_lost",
      message: "The upstream no longer knows this task: HTTP 404 on 12 queries in a row over 31 minutes.",
      params: { upstreamStatus: "404", queries: 12, minutes: 31 },
    };
    await seedTask(temp.db, { id: "t-failed", status: "failed", ...failureColumns(lost, "error") });
    await emitTaskFinished(temp.db, "t-failed");
    const [delivery] = await temp.db.webhookDelivery.findMany({ where: { event: "task.failed" } });
    expect(JSON.parse(delivery.payload).data).toMatchObject({
      id: "t-failed",
      status: "failed",
      error: lost.message,
      errorCode: lost.code,
      errorParams: lost.params,
    });
    await temp.db.webhookEndpoint.deleteMany(); // the next test counts every delivery
  });
});

describe("task settle events", () => {
  it("announces task.stored per stored task and batch.completed once, when the last task settles", async () => {
    await createEndpoint(temp.db, admin, {
      url: "https://hooks.example.com/",
      events: ["task.stored", "batch.completed"],
      description: "",
      global: true,
    });
    const batch = await temp.db.batch.create({ data: { plan: "{}", intervalMs: 500 } });
    await taskWithMedia("t-ok", batch.id, "completed", "stored");
    await taskWithMedia("t-lost", batch.id, "completed", "expired");
    for (const [index, taskId] of ["t-ok", "t-lost"].entries()) {
      await temp.db.batchItem.create({
        data: {
          batchId: batch.id,
          index,
          model: "sd_2.5_ORelay",
          variation: 1,
          body: "{}",
          state: "sent",
          taskId,
        },
      });
    }
    const events = async () =>
      (await temp.db.webhookDelivery.findMany({ orderBy: { createdAt: "asc" } })).map(
        (d) => JSON.parse(d.payload) as { type: string; data: Record<string, unknown> },
      );

    await updateMediaState(temp.db, "t-ok");
    expect((await events()).map((e) => e.type)).toEqual(["task.stored"]);
    await updateMediaState(temp.db, "t-ok"); // judged again: already settled, nothing new
    expect(await events()).toHaveLength(1);

    await updateMediaState(temp.db, "t-lost"); // expired: no task.stored, but the batch is done
    const all = await events();
    expect(all.map((e) => e.type)).toEqual(["task.stored", "batch.completed"]);
    expect(all[1].data).toMatchObject({ id: batch.id, items: 2, completed: 2, failed: 0, rejected: 0 });
  });
});
