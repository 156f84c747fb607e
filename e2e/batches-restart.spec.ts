import { expect, test } from "@playwright/test";
import type { BatchDetail } from "@/lib/batches/types";
import { restartableStudio } from "./support/studio-process";

/**
 * A restart during submission: a studio of its own (port E2E_PORT + 99, its own database), sending
 * to a sandbox upstream that outlives it, is killed between two sends and started again.
 */
const PACE_MS = 2_500;
const own = restartableStudio({
  portOffset: 99,
  name: "restart",
  env: { UPSTREAM_API_KEY: "restart-e2e-key", BATCH_INTERVAL_MS: String(PACE_MS) },
});

test("a restart during submission sends every planned item exactly once", async () => {
  test.setTimeout(240_000);
  const { submitsOf } = own;
  let studio = await own.start();
  const getBatch = async (id: string) =>
    (await (await fetch(`${studio.url}/api/batches/${id}`)).json()) as BatchDetail;

  const prompt = `[fast] a mill in the rain, restart e2e ${Date.now()}`;
  const created = await fetch(`${studio.url}/api/batches`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ models: ["sd2_disc_nvid", "sd_2.5_ORelay"], body: { prompt }, variations: 3 }),
  });
  expect(created.status).toBe(201);
  const { id, items: planned } = (await created.json()) as BatchDetail;
  expect(planned).toHaveLength(6);

  // Two sent, the next one 2.5 s away: kill the studio in that gap.
  await expect.poll(() => submitsOf(prompt).length, { timeout: 60_000, intervals: [100] }).toBe(2);
  await new Promise((resolve) => setTimeout(resolve, 800));
  await studio.crash();
  const before = submitsOf(prompt).length;
  expect(before).toBe(2);

  studio = await own.start();
  await expect
    .poll(async () => (await getBatch(id)).counts.items.sent, { timeout: 90_000, intervals: [500] })
    .toBe(6);

  // Exactly once each: the upstream received every planned body one time, and nothing else.
  await new Promise((resolve) => setTimeout(resolve, PACE_MS));
  const received = submitsOf(prompt);
  expect(received).toHaveLength(6);
  const batch = await getBatch(id);
  expect(batch.counts.items).toMatchObject({ sent: 6, planned: 0, sending: 0, outcome_unknown: 0 });
  expect(received.map((b) => JSON.stringify(b)).sort()).toEqual(
    batch.items.map((item) => JSON.stringify(item.body)).sort(),
  );
  expect(new Set(batch.items.map((item) => item.task?.id)).size).toBe(6);
});
