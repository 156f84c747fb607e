/**
 * The delivery worker against a real HTTP receiver that checks signatures with the
 * `standardwebhooks` library: back-off, crash of a worker mid-delivery, the SSRF refusal and
 * automatic disabling. Leases and claims run on both databases (postgresql-test-files.txt).
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/lib/testing/zh-failure";
import type { Viewer } from "../auth/scope";
import { readFailure } from "../errors";
import { createTempDb } from "../testing/temp-db";
import { waitFor } from "../testing/wait-for";
import { listDeliveries, redeliver } from "./deliveries";
import { emitEvent, emitTestEvent } from "./emit";
import { createEndpoint, getEndpoint } from "./endpoints";
import { DISABLE_AFTER_FAILED_ATTEMPTS, retryDelayMs } from "./schedule";
import { startReceiver, type Receiver } from "./testing/receiver";
import { startWebhookWorker, type WebhookWorker, type WebhookWorkerOptions } from "./worker";

/** A kept failure as a Chinese page words it (components/i18n/failure-message.ts). */

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
    expect(log[0]).toMatchObject({
      error: "The receiver answered HTTP 500.",
      errorCode: "webhook_http_status",
      errorParams: '{"status":500}',
    });
    expect(log[5]).toMatchObject({ error: null, errorCode: null, errorParams: null });
    // The log as the page reads it: each attempt's code and params beside its sentence.
    const [answered] = (await listDeliveries(temp.db, alice, endpoint.id, { limit: 1 })).items;
    expect(answered.log.at(-1)).toMatchObject({
      errorCode: "webhook_http_status",
      errorParams: { status: 500 },
    });
    expect(inChinese(readFailure(log[0], "error"))).toBe("接收方返回了 HTTP 500。");
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
    const host = new URL(receiver.url).host;
    expect(attempt).toMatchObject({
      errorCode: "webhook_address_refused",
      errorParams: JSON.stringify({ host }),
    });
    expect(inChinese(readFailure(attempt!, "error"))).toBe(`${host} 指向非公网地址，工作室不会向其投递。`);
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
    const reason = await getEndpoint(temp.db, alice, endpoint.id);
    expect(reason).toMatchObject({
      disabledReason: disabled.disabledReason,
      disabledReasonCode: "webhook_disabled_failing_since",
      disabledReasonParams: {
        since: disabled.failingSince!.toISOString(),
        last: { code: "webhook_http_status", params: { status: 503 } },
      },
    });
    expect(inChinese(readFailure(disabled, "disabledReason"))).toMatch(
      /^已于 \S+ 自动停用：自 \S+ 起每次投递都失败（最近一次：接收方返回了 HTTP 503。）$/,
    );
    // A disabled endpoint gets no new events.
    expect(await emitEvent(temp.db, "task.stored", alice.id, { id: "task-5" })).toBe(0);
  });

  it("disables an endpoint after 100 failed attempts in a row, saying why", async () => {
    receiver = await startReceiver(() => ({ status: 410 }));
    const endpoint = await endpointFor(receiver.url);
    const { id } = await emitTestEvent(temp.db, endpoint.id);
    // Failing since a minute ago, one attempt short of the limit.
    const since = new Date(Date.now() - 60_000);
    await temp.db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: since } });
    await temp.db.webhookAttempt.createMany({
      data: Array.from({ length: DISABLE_AFTER_FAILED_ATTEMPTS - 1 }, (_, i) => ({
        deliveryId: id,
        at: new Date(since.getTime() + i),
        status: 410,
      })),
    });
    runWorker([receiver.url], { retryScale: 1 });
    const disabled = await waitFor(
      () => temp.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } }),
      (e) => !e.enabled,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(disabled.disabledReason).toMatch(
      /^Disabled automatically on \S+: 100 attempts in a row failed \(last: The receiver answered HTTP 410\.\)\.$/,
    );
    expect(disabled.disabledReasonCode).toBe("webhook_disabled_failed_in_a_row");
    expect(inChinese(readFailure(disabled, "disabledReason"))).toMatch(
      /^已于 \S+ 自动停用：连续 100 次尝试失败（最近一次：接收方返回了 HTTP 410。）$/,
    );
  });

  it("logs a refused connection and a receiver that never answers, each with its code", async () => {
    // A port nothing listens on any more.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/hook`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    receiver = await startReceiver(() => "hold");
    const refusing = await endpointFor(closedUrl);
    const silent = await endpointFor(receiver.url);
    await emitTestEvent(temp.db, refusing.id);
    await emitTestEvent(temp.db, silent.id);
    runWorker([closedUrl, receiver.url], { retryScale: 1, timeoutMs: 300 });
    const firstAttempt = (endpointId: string) =>
      waitFor(
        () => temp.db.webhookAttempt.findFirst({ where: { delivery: { endpointId } } }),
        (a) => a !== null,
        { timeoutMs: 10_000, intervalMs: 50 },
      ).then((a) => a!);

    const refused = await firstAttempt(refusing.id);
    expect(refused).toMatchObject({
      status: null,
      error: "fetch failed",
      errorCode: "webhook_unreachable",
      errorParams: JSON.stringify({ reason: "ECONNREFUSED" }),
    });
    expect(inChinese(readFailure(refused, "error"))).toBe("无法连接接收方（ECONNREFUSED）。");

    const timedOut = await firstAttempt(silent.id);
    expect(timedOut).toMatchObject({
      status: null,
      error: "No answer within 0.3 s.",
      errorCode: "webhook_timeout",
      errorParams: JSON.stringify({ seconds: 0.3 }),
    });
    expect(inChinese(readFailure(timedOut, "error"))).toBe("0.3 秒内没有应答。");
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
