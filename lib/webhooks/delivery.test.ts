/**
 * The delivery worker against a real HTTP receiver that checks signatures with the
 * `standardwebhooks` library: back-off, crash of a worker mid-delivery, the SSRF refusal and
 * automatic disabling. Leases and claims run on both databases (postgresql-test-files.txt).
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "../auth/scope";
import { createTempDb } from "../testing/temp-db";
import { waitFor } from "../testing/wait-for";
import { redeliver } from "./deliveries";
import { emitEvent, emitTestEvent } from "./emit";
import { createEndpoint } from "./endpoints";
import { retryDelayMs } from "./schedule";
import { startReceiver, type Receiver } from "./testing/receiver";
import { startWebhookWorker, type WebhookWorker, type WebhookWorkerOptions } from "./worker";

let temp: ReturnType<typeof createTempDb>;
let receiver: Receiver | undefined;
let worker: WebhookWorker | undefined;
const children: ChildProcess[] = [];
const SCALE = 1e-4; // 5 s → 0.5 ms … 2 h → 0.72 s
let alice: Viewer;

beforeAll(async () => {
  temp = createTempDb();
  const user = await temp.db.user.create({
    data: { email: "alice@example.com", name: "Alice", role: "member" },
  });
  alice = { id: user.id, role: "member", via: "session" };
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  await worker?.stop();
  worker = undefined;
  await receiver?.close();
  receiver = undefined;
  await temp.db.webhookEndpoint.deleteMany(); // each test starts with no endpoint
});
afterAll(async () => temp?.cleanup());

function runWorker(allow: string[], options: Partial<WebhookWorkerOptions> = {}) {
  worker = startWebhookWorker(temp.db, {
    policy: { allow },
    timeoutMs: 5_000,
    leaseMs: 10_000,
    retryScale: SCALE,
    concurrency: 4,
    idleMs: 20,
    now: Date.now,
    ...options,
  });
  return worker;
}

async function endpointFor(url: string, events = ["task.stored"]) {
  return createEndpoint(temp.db, alice, { url, events: events as never, description: "", global: false });
}

describe("webhook delivery worker", () => {
  it("retries a failing receiver on the back-off schedule with the same webhook-id, then delivers", async () => {
    receiver = await startReceiver((_, index) => ({ status: index < 5 ? 500 : 200 }));
    const endpoint = await endpointFor(receiver.url);
    await emitEvent(temp.db, "task.stored", alice.id, { id: "task-1" });
    runWorker([receiver.url]);
    const delivery = await waitFor(
      () => temp.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } }),
      (d) => d.state === "delivered",
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    expect(delivery.attempts).toBe(6);
    const got = receiver.received;
    expect(got).toHaveLength(6);
    expect(new Set(got.map((r) => r.id))).toEqual(new Set([delivery.id]));
    const hook = new Webhook(endpoint.secret);
    for (const r of got) {
      expect(hook.verify(r.body, receiver.headersOf(r))).toMatchObject({
        type: "task.stored",
        data: { id: "task-1" },
      });
      expect(r.body).toBe(got[0].body); // the same bytes every time
    }
    for (let i = 1; i < got.length; i++) {
      expect(got[i].at - got[i - 1].at).toBeGreaterThanOrEqual(retryDelayMs(i, SCALE)! - 5);
    }
    const log = await temp.db.webhookAttempt.findMany({
      where: { deliveryId: delivery.id },
      orderBy: { at: "asc" },
    });
    expect(log.map((a) => a.status)).toEqual([500, 500, 500, 500, 500, 200]);
    expect(log[0].bodyExcerpt).toBe("answer 500");
    expect(log.every((a) => a.latencyMs !== null)).toBe(true);
  });

  it("delivers the same webhook-id again after the worker died holding it", async () => {
    receiver = await startReceiver((_, index) => (index === 0 ? "hold" : { status: 200 }));
    const endpoint = await endpointFor(receiver.url);
    await emitEvent(temp.db, "task.stored", alice.id, { id: "task-2" });
    const script = path.join(import.meta.dirname, "testing/worker-process.ts");
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", script, temp.url, receiver.url, "1500"],
      { stdio: "ignore" },
    );
    children.push(child);
    await waitFor(
      async () => receiver!.received.length,
      (n) => n === 1,
      { timeoutMs: 60_000, intervalMs: 50 },
    );
    child.kill("SIGKILL"); // mid-delivery: the receiver has the request, the worker never hears back
    const held = await temp.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(held.state).toBe("pending");
    expect(held.leaseUntil).not.toBeNull();
    runWorker([receiver.url]); // "after restart"
    const delivery = await waitFor(
      () => temp.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } }),
      (d) => d.state === "delivered",
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    expect(receiver.received.map((r) => r.id)).toEqual([delivery.id, delivery.id]);
    // Never twice at once: the second attempt waited for the dead holder's lease to run out.
    expect(receiver.received[1].at).toBeGreaterThanOrEqual(held.leaseUntil!.getTime() - 5);
    const hook = new Webhook(endpoint.secret);
    expect(() =>
      hook.verify(receiver!.received[1].body, receiver!.headersOf(receiver!.received[1])),
    ).not.toThrow();
  });

  it("refuses a private address unless FETCH_ALLOW_PRIVATE lists it", async () => {
    receiver = await startReceiver();
    const endpoint = await endpointFor(receiver.url);
    const emitted = await emitEvent(temp.db, "task.stored", alice.id, { id: "task-3" });
    expect(emitted).toBe(1);
    runWorker([], { retryScale: 1 });
    const attempt = await waitFor(
      () => temp.db.webhookAttempt.findFirst({ where: { delivery: { endpointId: endpoint.id } } }),
      (a) => a !== null,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(attempt!.status).toBeNull();
    expect(attempt!.error).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(receiver.received).toHaveLength(0);
  });

  it("disables an endpoint whose deliveries all failed for 5 days, saying why", async () => {
    receiver = await startReceiver(() => ({ status: 503 }));
    const endpoint = await endpointFor(receiver.url);
    await temp.db.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { failingSince: new Date(Date.now() - 5 * 24 * 3_600e3 - 60_000) },
    });
    await emitEvent(temp.db, "task.stored", alice.id, { id: "task-4" });
    runWorker([receiver.url], { retryScale: 1 });
    const disabled = await waitFor(
      () => temp.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } }),
      (e) => !e.enabled,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(disabled.disabledReason).toMatch(
      /Disabled automatically .* every delivery failed since .*HTTP 503/,
    );
    // A disabled endpoint gets no new events.
    expect(await emitEvent(temp.db, "task.stored", alice.id, { id: "task-5" })).toBe(0);
  });

  it("sends a test event, and redelivers a delivered one by hand with the same webhook-id", async () => {
    receiver = await startReceiver();
    const endpoint = await endpointFor(receiver.url);
    const { id } = await emitTestEvent(temp.db, endpoint.id);
    runWorker([receiver.url]);
    const delivered = () => temp.db.webhookDelivery.findUniqueOrThrow({ where: { id } });
    await waitFor(delivered, (d) => d.state === "delivered", { timeoutMs: 10_000, intervalMs: 50 });
    await redeliver(temp.db, alice, id);
    await waitFor(
      async () => receiver!.received.length,
      (n) => n === 2,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(receiver.received.map((r) => r.id)).toEqual([id, id]);
    const hook = new Webhook(endpoint.secret);
    expect(hook.verify(receiver.received[1].body, receiver.headersOf(receiver.received[1]))).toMatchObject({
      type: "webhook.test",
    });
    const final = await waitFor(delivered, (d) => d.state === "delivered" && d.attempts === 2, {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    expect(final.attempts).toBe(2);
  });
});
