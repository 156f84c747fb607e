// Webhook delivery (issue 23): the real delivery worker (production settings: 16 in flight, a look
// every 500 ms when idle) on a temporary database, against a real HTTP receiver on loopback.
// 1. Latency from a task's settle (the transaction that stores its media and writes task.stored to
//    the outbox) to the receiver having the request: p50/p95 over 100 tasks, one every 50 ms.
// 2. 1,000 events to a receiver that takes 100 ms per request: time, throughput, none lost.
// `npm run bench -- webhooks` (or webhooks-postgresql).
import { updateMediaState } from "../../lib/tasks/media-state";
import { seedTask } from "../../lib/tasks/testing/task-fixtures";
import { createTempDb } from "../../lib/testing/temp-db";
import { emitEvent } from "../../lib/webhooks/emit";
import { createEndpoint } from "../../lib/webhooks/endpoints";
import { startReceiver, type Receiver } from "../../lib/webhooks/testing/receiver";
import { startWebhookWorker } from "../../lib/webhooks/worker";
import { createBenchDb } from "./bench-db";
import { percentile } from "./support";

const kind = process.argv.includes("postgresql") ? "postgresql" : "sqlite";
const temp = kind === "sqlite" ? createTempDb() : await createBenchDb("postgresql");
const db = temp.db;
const admin = { id: "local", role: "admin", via: "local" } as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForCount(receiver: Receiver, n: number, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  while (receiver.received.length < n && Date.now() < end) await sleep(10);
}

async function withWorker(latencyMs: number, body: (receiver: Receiver) => Promise<void>) {
  const receiver = await startReceiver(() => ({ status: 204, delayMs: latencyMs }));
  await db.webhookEndpoint.deleteMany();
  await createEndpoint(db, admin, {
    url: receiver.url,
    events: ["task.stored"],
    description: "",
    global: true,
  });
  const worker = startWebhookWorker(db, {
    policy: { allow: [receiver.url] },
    timeoutMs: 15_000,
    leaseMs: 45_000,
    retryScale: 1,
    concurrency: 16,
    idleMs: 500,
    now: Date.now,
  });
  try {
    await body(receiver);
  } finally {
    await worker.stop();
    await receiver.close();
  }
}

console.log(`webhooks bench on ${kind}`);

// 1. From settle to receipt.
await withWorker(0, async (receiver) => {
  const settled = new Map<string, number>();
  for (let i = 0; i < 100; i++) {
    const id = `bench-task-${i}`;
    await seedTask(db, { id, status: "completed", mediaState: "pending" });
    await db.media.create({
      data: {
        taskId: id,
        role: "result",
        fields: "result_url",
        sourceUrl: `https://x.test/${i}`,
        status: "stored",
      },
    });
    await updateMediaState(db, id); // the settle and its outbox row, one transaction
    settled.set(id, Date.now());
    await sleep(50);
  }
  await waitForCount(receiver, 100);
  const latencies = receiver.received.map((r) => {
    const { data } = JSON.parse(r.body) as { data: { id: string } };
    return r.at - settled.get(data.id)!;
  });
  console.log(
    `task.stored → received: ${latencies.length}/100 delivered; p50 ${percentile(latencies, 0.5)} ms, p95 ${percentile(latencies, 0.95)} ms, max ${Math.max(...latencies)} ms`,
  );
});

// 2. 1,000 events, receiver 100 ms per request.
await withWorker(100, async (receiver) => {
  const start = Date.now();
  for (let i = 0; i < 1000; i++) await emitEvent(db, "task.stored", null, { id: `event-${i}` });
  const emitted = Date.now() - start;
  await waitForCount(receiver, 1000);
  // The receiver has the last request before its attempt is written: wait for the outbox too.
  const end = Date.now() + 30_000;
  while ((await db.webhookDelivery.count({ where: { state: "delivered" } })) < 1000 && Date.now() < end)
    await sleep(20);
  const elapsed = (Date.now() - start) / 1000;
  const ids = new Set(receiver.received.map((r) => r.id));
  const delivered = await db.webhookDelivery.count({ where: { state: "delivered" } });
  const pending = await db.webhookDelivery.count({ where: { state: { not: "delivered" } } });
  const sends = (await db.webhookAttempt.findMany({ select: { latencyMs: true } })).map(
    (a) => a.latencyMs ?? 0,
  );
  console.log(
    `1000 events (emitted in ${emitted} ms) to a 100 ms receiver: ${ids.size} distinct webhook-ids received (${receiver.received.length} requests) in ${elapsed.toFixed(1)} s = ${(ids.size / elapsed).toFixed(0)}/s; ${delivered} delivered, ${pending} not delivered; lost: ${1000 - ids.size}; one send (POST to answer) p50 ${percentile(sends, 0.5)} ms, p95 ${percentile(sends, 0.95)} ms`,
  );
  if (ids.size !== 1000) process.exitCode = 1;
});

await temp.cleanup();
