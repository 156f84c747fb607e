import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_USER } from "../auth/local-user";
import { getBatch } from "../batches/read-batches";
import { getSequence } from "../sequences/read-sequence";
import { describeNext } from "./describer";
import { setScoring } from "./take-scores";
import { visionBed, type VisionBed } from "./testing/vision-bed";

let bed: VisionBed;
beforeAll(async () => {
  bed = await visionBed();
});
afterAll(() => bed.close());

describe("score takes (per batch)", () => {
  it("asks for a 0–5 score with a reason for every stored take, and the batch shows it", async () => {
    const db = bed.temp.db;
    await db.batch.create({
      data: { id: "batch-1", title: "Skies", plan: "{}", intervalMs: 1000 },
    });
    // Two takes of one prompt, one already described without a score.
    await bed.seedImage("take-1", "a pale sun over hills");
    await bed.seedImage("take-2", "a pale sun over hills");
    await db.task.updateMany({ where: { id: { in: ["take-1", "take-2"] } }, data: { batchId: "batch-1" } });
    await db.taskDescription.create({ data: { taskId: "take-2", status: "done", caption: "Old caption." } });
    for (const [index, taskId] of ["take-1", "take-2"].entries())
      await db.batchItem.create({
        data: {
          batchId: "batch-1",
          index,
          model: "vendors_5.0Pro",
          variation: index + 1,
          body: "{}",
          state: "sent",
          taskId,
        },
      });

    expect(await setScoring(db, LOCAL_USER, { batchId: "batch-1" }, true)).toEqual({ on: true, queued: 2 });
    while ((await describeNext(bed.deps())).kind !== "empty");
    const rows = await db.taskDescription.findMany({ orderBy: { taskId: "asc" } });
    for (const row of rows) {
      expect(row.status).toBe("done");
      // "pale", "sun" and "hills" are in the sandbox's caption: 1 + 2 × 3, at most 5.
      expect(row.score).toBe(5);
      expect(row.scoreReason).toMatch(/^Shows .*hills/);
    }
    const batch = await getBatch(db, LOCAL_USER, "batch-1");
    expect(batch.items.map((item) => item.task?.take)).toEqual([
      { score: 5, reason: expect.stringMatching(/hills/) },
      { score: 5, reason: expect.stringMatching(/hills/) },
    ]);
    // Turning it on again queues nothing: every take has its score.
    expect(await setScoring(db, LOCAL_USER, { batchId: "batch-1" }, true)).toEqual({ on: true, queued: 0 });
  });

  it("refuses a batch the viewer may not see with the same 404 as a missing one", async () => {
    const member = { id: "someone", role: "member" as const, via: "session" as const };
    await expect(setScoring(bed.temp.db, member, { batchId: "batch-1" }, true)).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("score takes (per sequence shot)", () => {
  it("shows each take's score and reason on the sequence, the shot's switch with it", async () => {
    const db = bed.temp.db;
    await db.sequence.create({ data: { id: "seq-1", name: "Skies" } });
    await db.sequenceShot.create({
      data: { id: "shot-1", sequenceId: "seq-1", position: 0, model: "vendors_5.0Pro", body: "{}", takes: 2 },
    });
    // One take shares "hills" and "sun" with the sandbox's caption, the other no word.
    await bed.seedImage("shot-take-1", "sun over hills");
    await bed.seedImage("shot-take-2", "a lonely robot");
    await db.task.updateMany({
      where: { id: { in: ["shot-take-1", "shot-take-2"] } },
      data: { sequenceShotId: "shot-1" },
    });
    const takes = async () => (await getSequence(db, LOCAL_USER, "seq-1")).shots[0];
    expect(await takes()).toMatchObject({
      scoring: false,
      takeList: [
        { id: "shot-take-1", score: null, describe: null },
        { id: "shot-take-2", score: null, describe: null },
      ],
    });

    expect(await setScoring(db, LOCAL_USER, { shotId: "shot-1" }, true)).toEqual({ on: true, queued: 2 });
    expect((await takes()).takeList.map((t) => t.describe?.status)).toEqual(["pending", "pending"]);
    while ((await describeNext(bed.deps())).kind !== "empty");
    const shot = await takes();
    expect(shot.scoring).toBe(true);
    expect(shot.takeList.map((t) => [t.score, t.scoreReason])).toEqual([
      [5, expect.stringMatching(/sun|hills/)],
      [1, expect.any(String)],
    ]);
    await setScoring(db, LOCAL_USER, { shotId: "shot-1" }, false);
    expect((await takes()).scoring).toBe(false);
  });
});
