/**
 * The whole path, as a user sets it up: an endpoint created through /api/webhooks (the secret
 * shown once), a task submitted to the studio against the standalone sandbox, tracked and stored
 * by the process tracker, and task.completed then task.stored arriving at a real receiver, signed
 * so `standardwebhooks` verifies them with that secret.
 */
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandboxServer, type SandboxServer } from "../sandbox";
import { setEnv } from "../testing/env-vars";
import { createTempDb } from "../testing/temp-db";
import { waitFor } from "../testing/wait-for";
import { startReceiver, type Receiver } from "./testing/receiver";

const origin = "http://studio.test";
let sandbox: SandboxServer;
let receiver: Receiver;
let temp: ReturnType<typeof createTempDb>;
let clockOffset = 0;
let restoreEnv: () => void;
let stop: (() => Promise<void>)[] = [];
let routes: Record<
  string,
  (request: Request, context?: { params: Promise<{ id: string }> }) => Promise<Response>
>;

beforeAll(async () => {
  temp = createTempDb();
  sandbox = await startSandboxServer({
    port: 0,
    now: () => Date.now() + clockOffset,
    cacheDir: path.join(temp.dir, "sandbox-cache"),
  });
  receiver = await startReceiver();
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_LLM_BASE_URL: sandbox.url,
    UPSTREAM_API_KEY: "it-secret-key-123",
    TRACKER: "1",
    // The receiver listens on loopback: allowed by name, as an operator would for an internal one.
    FETCH_ALLOW_PRIVATE: receiver.url,
  });
  const [submit, hooks, deliveries, tracker, worker] = await Promise.all([
    import("@/app/api/v2/model-center/tasks/route"),
    import("@/app/api/webhooks/route"),
    import("@/app/api/webhooks/[id]/deliveries/route"),
    import("../tasks/tracker"),
    import("./start"),
  ]);
  routes = { submit: submit.POST, create: hooks.POST, list: hooks.GET, deliveries: deliveries.GET };
  stop = [tracker.ensureTrackerStarted().stop, worker.ensureWebhookWorkerStarted().stop];
});

afterAll(async () => {
  for (const s of stop) await s();
  const { db } = await import("../db");
  await db().$disconnect();
  await receiver?.close();
  await sandbox?.close();
  await temp?.cleanup();
  restoreEnv?.();
});

const post = (url: string, body: unknown) =>
  new Request(`${origin}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("webhooks after a task's media is stored", () => {
  it("delivers task.completed and task.stored, signed with the secret shown at creation", async () => {
    const created = await routes.create(
      post("/api/webhooks", { url: `${receiver.url}/hooks`, events: ["task.completed", "task.stored"] }),
    );
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as { id: string; secret: string };
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const listed = await (await routes.list(new Request(`${origin}/api/webhooks`))).text();
    expect(listed).toContain(endpoint.id);
    expect(listed).not.toContain(endpoint.secret); // shown once, never read back

    const submitted = await routes.submit(
      post("/api/v2/model-center/tasks", {
        model: "sd_2.5_ORelay",
        prompt: "a lighthouse at dusk [fast]",
        duration: 4,
        aspect_ratio: "9:16",
      }),
    );
    expect(submitted.status).toBe(200);
    const task = (await submitted.json()) as { id: string };
    clockOffset += 60_000; // finished when the tracker first asks

    await waitFor(
      async () => receiver.received.map((r) => JSON.parse(r.body) as { type: string }),
      (bodies) => bodies.some((b) => b.type === "task.stored"),
      { timeoutMs: 45_000, intervalMs: 100 },
    );
    const hook = new Webhook(endpoint.secret);
    const events = receiver.received.map((r) => hook.verify(r.body, receiver.headersOf(r)) as never);
    const types = events.map((e: { type: string }) => e.type);
    expect(types).toEqual(["task.completed", "task.stored"]);
    const stored = events[1] as {
      data: { id: string; status: string; media: { url: string; role: string }[] };
    };
    expect(stored.data).toMatchObject({ id: task.id, status: "completed" });
    expect(stored.data.media.map((m) => m.role)).toContain("result");
    expect(() =>
      new Webhook("whsec_" + Buffer.alloc(32).toString("base64")).verify(
        receiver.received[1].body,
        receiver.headersOf(receiver.received[1]),
      ),
    ).toThrow();

    // The receiver has the request before the worker records its answer: read the log once both are.
    type Page = { items: { id: string; state: string; log: { status: number }[] }[] };
    const page = await waitFor(
      async () => {
        const log = await routes.deliveries(new Request(`${origin}/api/webhooks/${endpoint.id}/deliveries`), {
          params: Promise.resolve({ id: endpoint.id }),
        });
        return (await log.json()) as Page;
      },
      (p) => p.items.length === 2 && p.items.every((d) => d.state !== "pending"),
      { timeoutMs: 15_000, intervalMs: 50 },
    );
    expect(page.items.map((d) => d.state)).toEqual(["delivered", "delivered"]);
    expect(page.items.map((d) => d.id).sort()).toEqual(receiver.received.map((r) => r.id).sort());
    expect(page.items[0].log[0].status).toBe(204);
  });
});
