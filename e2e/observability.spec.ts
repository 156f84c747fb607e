import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { Scraped } from "@/lib/metrics/testing/scraped";
import { OBSERVABILITY_PORT } from "./support/ports";
import { freshDatabase, startStudio, waitUntilReady, type StudioProcess } from "./support/studio-start";

/**
 * Running the studio as a service (issue 26), in a studio of its own with accounts on, as an
 * operator would configure it: Prometheus scrapes /metrics with its token (a real text-format
 * parser reads it) and sees the tracker's lag and the request histograms move while tasks run; a
 * scrape without the token, or with a wrong one, is refused (and not sent to the login page); an
 * OTLP/HTTP collector (a receiver in this process) gets each task's trace from the server; the
 * process's JSON log lines carry request id, user, route and duration, and none of them holds the
 * upstream key, the metrics token, an API token, a session cookie or the admin's password.
 */
test.describe.configure({ mode: "serial" });

const port = OBSERVABILITY_PORT;
const url = `http://127.0.0.1:${port}`;
const METRICS_TOKEN = "obs-metrics-token-7f3a9c2e51d8";
// The studio's own sandbox as a configured upstream, with a key of our own to look for in the logs.
const UPSTREAM_KEY = "sk-observability-upstream-key-4e1b";
const ADMIN = { email: "ops@example.com", password: "ops admin password 42" };
const MODEL = "sd_2.5_ORelay";

let studio: StudioProcess;
let api: APIRequestContext;
let apiToken = "";
let sessionCookie = "";
let submittedIds: string[] = [];
// What the studio's exporter posts to the collector (OTLP/HTTP JSON).
const otlpBodies: string[] = [];
const collector = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (req.url === "/v1/traces") otlpBodies.push(Buffer.concat(chunks).toString("utf8"));
  res.writeHead(200, { "content-type": "application/json" }).end("{}");
});

test.beforeAll(async () => {
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  studio = await startStudio({
    ...freshDatabase(`observability-${port}`),
    HOST: "127.0.0.1",
    PORT: String(port),
    AUTH: "on",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    UPSTREAM_BASE_URL: `${url}/api/sandbox`,
    UPSTREAM_LLM_BASE_URL: `${url}/api/sandbox`,
    UPSTREAM_API_KEY: UPSTREAM_KEY,
    METRICS_TOKEN,
    // Every line, requests and tracker included: the log grep below reads all of them.
    LOG_LEVEL: "debug",
    // The sandbox's tasks at a fifth of their time, polls every 0.5–0.8 s (docs/decisions/testing.md).
    SANDBOX_TIME_SCALE: "0.2",
    TRACKER_POLL_INTERVAL_MS: "500",
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
    OTEL_SERVICE_NAME: "studio-e2e",
  });
  await waitUntilReady(studio);
  api = await playwrightRequest.newContext({ baseURL: url });
});

test.afterAll(async () => {
  await api?.dispose();
  await studio?.stop();
  await new Promise((resolve) => collector.close(resolve));
});

async function scrape(): Promise<Scraped> {
  const response = await api.get("/metrics", { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Scraped(await response.text());
}

test("/metrics refuses a scrape without the token or with a wrong one; liveness needs nothing", async () => {
  const bare = await playwrightRequest.newContext({ baseURL: url });
  try {
    const none = await bare.get("/metrics", { maxRedirects: 0 });
    expect(none.status()).toBe(401);
    expect((await none.json()).error.code).toBe("unauthorized");
    const wrong = await bare.get("/metrics", {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}-not` },
      maxRedirects: 0,
    });
    expect(wrong.status()).toBe(401);
    expect(await wrong.text()).not.toContain("studio_");

    const live = await bare.get("/api/health/live");
    expect(live.status()).toBe(200);
    expect(await live.json()).toMatchObject({ live: true });
    expect((await bare.get("/api/health/ready")).status()).toBe(200);
  } finally {
    await bare.dispose();
  }
});

test("a scrape during activity sees the tracker's lag and the request histograms move", async () => {
  const before = await scrape();
  const submitRoute = { route: "/api/v2/model-center/tasks", method: "POST", status: "200" };
  const queryRoute = { route: "/api/v2/model-center/tasks/[id]", method: "GET", status: "200" };

  // An admin signs in and makes an API token, as a script user would.
  const login = await api.post("/api/auth/login", { data: ADMIN });
  expect(login.status()).toBe(200);
  sessionCookie = /=([^;]+)/.exec(login.headers()["set-cookie"] ?? "")?.[1] ?? "";
  expect(sessionCookie.length).toBeGreaterThan(10);
  const token = await api.post("/api/account/tokens", { data: { name: "observability" } });
  expect(token.status()).toBe(201);
  apiToken = (await token.json()).token;
  const bearer = { Authorization: `Bearer ${apiToken}` };

  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const submitted = await api.post("/api/v2/model-center/tasks", {
      headers: bearer,
      data: { model: MODEL, prompt: `a lighthouse at dusk ${i} [fast]` },
    });
    expect(submitted.status()).toBe(200);
    ids.push((await submitted.json()).id);
  }

  // While they run: the gauges count them, the submit requests are in the histogram by pattern.
  const during = await scrape();
  expect(during.value("studio_tracker_running_tasks")).toBeGreaterThan(0);
  expect(during.count("studio_http_request_duration_seconds", submitRoute)).toBe(
    before.count("studio_http_request_duration_seconds", submitRoute) + 4,
  );

  for (const id of ids) {
    await expect
      .poll(
        async () => {
          const task = await (await api.get(`/api/v2/model-center/tasks/${id}`, { headers: bearer })).json();
          return `${task.status}/${task.studio.mediaState}`;
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBe("completed/stored");
  }

  const after = await scrape();
  // The tracker's polls were timed into the lag histogram (not one per task: the reads above poll
  // too, and a task a read settled is never due for the tracker).
  expect(after.count("studio_tracker_poll_lag_seconds")).toBeGreaterThan(
    before.count("studio_tracker_poll_lag_seconds"),
  );
  expect(after.count("studio_tracker_poll_duration_seconds", { outcome: "answered" })).toBeGreaterThan(
    before.count("studio_tracker_poll_duration_seconds", { outcome: "answered" }),
  );
  expect(after.count("studio_http_request_duration_seconds", queryRoute)).toBeGreaterThan(
    during.count("studio_http_request_duration_seconds", queryRoute),
  );
  // No raw URL (a task id) is ever a label.
  for (const sample of after.samples("studio_http_request_duration_seconds_count"))
    for (const id of ids) expect(sample.labels?.route).not.toContain(id);
  expect(after.value("studio_tracker_downloads_total", { result: "stored" })).toBeGreaterThanOrEqual(4);
  expect(after.value("studio_tracker_downloaded_bytes_total")).toBeGreaterThan(0);
  expect(after.value("studio_tracker_running_tasks")).toBe(0);
  expect(after.value("studio_tracker_poll_workers", { state: "configured" })).toBe(96);
  expect(after.value("studio_db_info", { dialect: "sqlite" })).toBe(1);
  expect(after.family("process_cpu_user_seconds_total")).toBeDefined();
  submittedIds = ids;
});

type Span = { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: Attr[] };
type Attr = { key: string; value: { stringValue?: string } };

test("the collector receives each task's trace: submit, admission, upstream call, polls, download, thumbnail", async () => {
  const spans = (): Span[] =>
    otlpBodies.flatMap((body) =>
      (JSON.parse(body).resourceSpans ?? []).flatMap((r: { scopeSpans: { spans: Span[] }[] }) =>
        r.scopeSpans.flatMap((scope) => scope.spans),
      ),
    );
  const taskId = (span: Span) => span.attributes?.find((a) => a.key === "studio.task.id")?.value.stringValue;
  // The exporter sends in batches (every 5 s).
  await expect
    .poll(
      () => submittedIds.every((id) => spans().some((s) => s.name === "task.download" && taskId(s) === id)),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  const all = spans();
  for (const id of submittedIds) {
    const submit = all.find((s) => s.name === "task.submit" && taskId(s) === id)!;
    expect(submit, id).toBeDefined();
    const children = all.filter((s) => s.parentSpanId === submit.spanId).map((s) => s.name);
    expect(children).toEqual(
      expect.arrayContaining(["task.admit", "upstream.create_task", "task.poll", "task.download"]),
    );
    const download = all.find((s) => s.name === "task.download" && taskId(s) === id)!;
    expect(download.traceId).toBe(submit.traceId);
    expect(all.some((s) => s.name === "media.thumbnail" && s.parentSpanId === download.spanId)).toBe(true);
  }
  expect(otlpBodies.join("")).toContain('"studio-e2e"');
  for (const secret of [UPSTREAM_KEY, METRICS_TOKEN, apiToken, sessionCookie])
    expect(otlpBodies.join("")).not.toContain(secret);
});

test("log lines are JSON with request id, user, route and duration, and hold no key, token, cookie or password", async () => {
  const lines = studio
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const submits = lines.filter((l) => l.msg === "request" && l.route === "/api/v2/model-center/tasks");
  expect(submits.length).toBeGreaterThanOrEqual(4);
  for (const line of submits) {
    expect(line).toMatchObject({ level: "info", method: "POST", status: 200 });
    expect(typeof line.requestId).toBe("string");
    expect(typeof line.userId).toBe("string");
    expect(typeof line.durationMs).toBe("number");
  }
  // The server's own lines are JSON too.
  expect(
    lines.some((l) => typeof l.msg === "string" && l.msg.startsWith("[accounts] created the first admin")),
  ).toBe(true);

  const output = studio.output();
  expect(apiToken).toMatch(/^mst_/);
  for (const secret of [UPSTREAM_KEY, METRICS_TOKEN, apiToken, sessionCookie, ADMIN.password]) {
    expect(output).not.toContain(secret);
  }
});
