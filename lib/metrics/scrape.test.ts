import type { AddressInfo } from "node:net";
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlDialect } from "../db-client";
import { StudioError } from "../errors";
import { idParams, route } from "../http/route";
import { seedTask } from "../tasks/testing/task-fixtures";
import { createTempDb } from "../testing/temp-db";
import { startMetricsServer } from "./metrics-server";
import { authorizeScrape } from "./scrape";
import { Scraped } from "./testing/scraped";

const TOKEN = "a-long-metrics-token-0123";
let temp: ReturnType<typeof createTempDb>;
let server: http.Server;
let base: string;

beforeAll(async () => {
  temp = createTempDb();
  server = await startMetricsServer(0, () => ({ db: temp.db }));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await temp.cleanup();
});

const scrape = async () => new Scraped(await (await fetch(`${base}/metrics`)).text());

function refusal(headers: HeadersInit, token: string | null): StudioError | undefined {
  try {
    authorizeScrape(new Headers(headers), token);
    return undefined;
  } catch (error) {
    return error as StudioError;
  }
}

describe("/metrics access", () => {
  it("answers only to the configured bearer token", () => {
    expect(refusal({ authorization: `Bearer ${TOKEN}` }, TOKEN)).toBeUndefined();
    expect(refusal({}, TOKEN)?.status).toBe(401);
    expect(refusal({ authorization: `Bearer ${TOKEN}x` }, TOKEN)?.status).toBe(401);
    expect(refusal({ authorization: `Basic ${TOKEN}` }, TOKEN)?.status).toBe(401);
  });

  it("is not served on the studio's port at all without a token configured", () => {
    expect(refusal({ authorization: `Bearer ${TOKEN}` }, null)?.status).toBe(404);
  });

  it("serves only GET /metrics on the loopback listener", async () => {
    expect(server.address()).toMatchObject({ address: "127.0.0.1" });
    expect((await fetch(`${base}/other`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(404);
  });
});

describe("/metrics content", () => {
  it("counts running tasks, overdue polls and pending downloads from the database", async () => {
    const now = Date.now();
    await seedTask(temp.db, { id: "m-running", status: "processing", nextPollAt: new Date(now + 5_000) });
    await seedTask(temp.db, { id: "m-overdue", status: "queued", nextPollAt: new Date(now - 60_000) });
    await seedTask(temp.db, { id: "m-done", status: "completed" });
    await temp.db.media.create({
      data: {
        taskId: "m-done",
        role: "result",
        fields: "video_url",
        sourceUrl: "https://cdn.example/a.mp4",
        status: "pending",
      },
    });
    const scraped = await scrape();
    expect(scraped.value("studio_tracker_running_tasks")).toBe(2);
    expect(scraped.value("studio_tracker_overdue_polls")).toBe(1);
    expect(scraped.value("studio_tracker_pending_downloads")).toBe(1);
    expect(scraped.value("studio_webhook_deliveries", { state: "pending" })).toBe(0);
    const dialect = sqlDialect(temp.db);
    expect(scraped.value("studio_db_info", { dialect })).toBe(1);
    // PostgreSQL: this process's pool, which the counts above just used.
    if (dialect === "postgresql")
      expect(scraped.value("studio_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    expect(scraped.family("process_resident_memory_bytes")).toBeDefined();
  });

  it("times API requests by route pattern and status, never by raw URL", async () => {
    const handler = route({ auth: "public", params: idParams }, async ({ params }) =>
      params.id === "missing" ? Response.json({}, { status: 404 }) : Response.json({ id: params.id }),
    );
    const call = (id: string) =>
      handler(new Request(`http://studio.test/api/things/${id}`), { params: Promise.resolve({ id }) });
    const before = (await scrape()).count("studio_http_request_duration_seconds", {
      route: "/api/things/[id]",
      status: "200",
    });
    const answered = await call("abc");
    await call("def");
    await call("missing");
    expect(answered.headers.get("x-request-id")).toMatch(/^[\w-]{36}$/);
    const scraped = await scrape();
    expect(
      scraped.count("studio_http_request_duration_seconds", { route: "/api/things/[id]", status: "200" }) -
        before,
    ).toBe(2);
    expect(
      scraped.count("studio_http_request_duration_seconds", { route: "/api/things/[id]", status: "404" }),
    ).toBe(1);
    const routes = scraped.samples("studio_http_request_duration_seconds_count").map((s) => s.labels?.route);
    expect(routes).toContain("/api/things/[id]");
    expect(routes.some((r) => r?.includes("abc"))).toBe(false);
  });
});
