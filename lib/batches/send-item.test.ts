import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../db";
import { taskTestbed } from "../tasks/testing/task-fixtures";
import { startFakeUpstream, type FakeUpstream } from "../upstream/testing/fake-upstream";
import { createBatch } from "./create-batch";
import { sendBatchItem } from "./send-item";

let bed: ReturnType<typeof taskTestbed>;
let upstream: FakeUpstream;

beforeAll(async () => {
  bed = taskTestbed({ now: Date.now });
  upstream = await startFakeUpstream(() => ({ status: 200, json: { id: "never", status: "queued" } }));
  bed.deps.upstream = { baseUrl: upstream.url, apiKey: "test-key", timeoutMs: 3_000 };
});
afterAll(async () => {
  await upstream.close();
  await bed.cleanup();
});

/** The database as the runner meets it when the server drops away between two statements. */
function unreachableFor(db: Db, model: "batch"): Db {
  return db.$extends({
    query: {
      [model]: {
        async $allOperations() {
          throw Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), {
            name: "PrismaClientKnownRequestError",
            code: "P1001",
          });
        },
      },
    },
  }) as unknown as Db;
}

it("a database fault after the claim, before the upstream call, plans the item again and sends nothing", async () => {
  const { id } = await createBatch(
    bed.db,
    { models: ["sd_2.5_ORelay"], body: { prompt: "a quiet harbour", duration: 5 }, intervalMs: 0 },
    { defaultIntervalMs: 0, userId: null },
  );
  const [item] = await bed.db.batchItem.findMany({ where: { batchId: id } });
  const deps = { ...bed.deps, db: unreachableFor(bed.db, "batch") };

  const result = await sendBatchItem(deps, item, { firstMs: 2_000, maxMs: 2_000 });

  expect(result).toMatchObject({ itemId: item.id, state: "planned", notSent: true });
  const after = await bed.db.batchItem.findUniqueOrThrow({ where: { id: item.id } });
  expect(after).toMatchObject({ state: "planned", sendingAt: null, attempts: 0, taskId: null });
  expect(after.error).toMatch(
    /^Not sent yet: The studio's database was unavailable \(it could not be reached\) before the send\. Trying again in 2 s\.$/,
  );
  expect(after.error).not.toMatch(/127\.0\.0\.1|5432/);
  expect(upstream.requests.filter((r) => r.method === "POST")).toEqual([]);
});
