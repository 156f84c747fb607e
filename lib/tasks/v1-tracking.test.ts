/**
 * A v1 family model end to end without a browser: the operator's mapping file (V1_FAMILIES_FILE),
 * the studio's v1 mirror routes, the standalone sandbox as upstream (answering in a v1 layout:
 * in_progress, created_at, an error object), the tracker polling the family's query path and
 * storing the result file.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandboxServer, type SandboxServer } from "../sandbox";
import { setEnv } from "../testing/env-vars";
import { createTempDb } from "../testing/temp-db";
import { waitFor } from "../testing/wait-for";
import type { PresentedTask } from "./present-task";

let sandbox: SandboxServer;
let temp: ReturnType<typeof createTempDb>;
let clockOffset = 0;
let restoreEnv: () => void;
let stopTracker: () => Promise<void>;
let routes: {
  create: (request: Request, context: { params: Promise<{ family: string }> }) => Promise<Response>;
  query: (
    request: Request,
    context: { params: Promise<{ family: string; id: string }> },
  ) => Promise<Response>;
  submitV2: (request: Request) => Promise<Response>;
  media: (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;
};
// A body route guards its own Host (lib/http/body-routes.ts): an address the studio answers at.
const origin = "http://127.0.0.1:3000";

const MAPPING = {
  families: [
    {
      family: "A",
      path: "acme-motion",
      label: "Acme Motion",
      models: [
        { id: "acme-motion-2", variant: "standard" },
        { id: "acme-motion-2-stable", variant: "stable" },
      ],
    },
    { family: "C", path: "cinema", models: [{ id: "cinema-std", variant: "standard" }] },
  ],
};

beforeAll(async () => {
  temp = createTempDb();
  sandbox = await startSandboxServer({
    port: 0,
    now: () => Date.now() + clockOffset,
    cacheDir: path.join(temp.dir, "sandbox-cache"),
  });
  const mappingFile = path.join(temp.dir, "v1-families.json");
  fs.writeFileSync(mappingFile, JSON.stringify(MAPPING));
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_API_KEY: "v1-test-key",
    V1_FAMILIES_FILE: mappingFile,
    TRACKER: "1",
  });
  const [create, query, submitV2, media, tracker] = await Promise.all([
    import("@/app/api/v1/[family]/videos/route"),
    import("@/app/api/v1/[family]/videos/[id]/route"),
    import("@/app/api/v2/model-center/tasks/route"),
    import("@/app/api/media/[id]/route"),
    import("./tracker"),
  ]);
  routes = { create: create.POST, query: query.GET, submitV2: submitV2.POST, media: media.GET };
  stopTracker = tracker.ensureTrackerStarted().stop;
});

afterAll(async () => {
  await stopTracker?.();
  const { db } = await import("../db");
  await db().$disconnect();
  await sandbox?.close();
  await temp?.cleanup();
  restoreEnv?.();
});

function post(family: string, body: unknown) {
  return routes.create(
    new Request(`${origin}/api/v1/${family}/videos`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ family }) },
  );
}

const creates = () => sandbox.log.list().filter((e) => e.method === "POST" && e.path.startsWith("/v1/"));

describe("v1 family endpoints", () => {
  it("creates at /v1/{family}/videos, tracks the task on its query path and stores the video", async () => {
    const response = await post("acme-motion", {
      model: "acme-motion-2",
      prompt: "a paper boat on a canal [fast]",
      aspect_ratio: "9:16",
      seconds: "8",
    });
    expect(response.status).toBe(200);
    const task = (await response.json()) as PresentedTask;
    expect(task).toMatchObject({ model: "acme-motion-2", status: "queued" });

    // The upstream received the family's create body, normalized ("8" → 8), at the family's path.
    const sent = creates().at(-1)!;
    expect(sent.path).toBe("/v1/acme-motion/videos");
    expect(sent.body).toEqual({
      model: "acme-motion-2",
      prompt: "a paper boat on a canal [fast]",
      aspect_ratio: "9:16",
      seconds: 8,
    });

    clockOffset += 60_000;
    const row = await waitFor(
      () => temp.db.task.findUniqueOrThrow({ where: { id: task.id }, include: { media: true } }),
      (t) => t.mediaState === "stored",
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(row).toMatchObject({ status: "completed", v1Family: "acme-motion", progress: 100 });
    const queries = sandbox.log
      .list()
      .filter((e) => e.method === "GET" && !e.path.startsWith("/files/") && e.path.includes(task.id));
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((q) => q.path === `/v1/acme-motion/videos/${task.id}`)).toBe(true);

    const video = row.media.find((m) => m.role === "result")!;
    const served = await routes.media(new Request(`${origin}/api/media/${video.id}`), {
      params: Promise.resolve({ id: video.id }),
    });
    expect(served.headers.get("content-type")).toBe("video/mp4");
    const original = Buffer.from(await (await fetch(video.sourceUrl)).arrayBuffer());
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), original)).toBe(0);

    const shown = await routes.query(new Request(`${origin}/api/v1/acme-motion/videos/${task.id}`), {
      params: Promise.resolve({ family: "acme-motion", id: task.id }),
    });
    expect(await shown.json()).toMatchObject({
      status: "completed",
      video_url: `${origin}/api/media/${video.id}`,
    });
    // Under another family's path the task is unknown, as upstream.
    const elsewhere = await routes.query(new Request(`${origin}/api/v1/cinema/videos/${task.id}`), {
      params: Promise.resolve({ family: "cinema", id: task.id }),
    });
    expect(elsewhere.status).toBe(404);
  }, 60_000);

  it("records a failure with the message of the v1 error object", async () => {
    const response = await post("cinema", {
      model: "cinema-std",
      prompt: "storm over the sea [fail] [fast]",
      seconds: 6,
      resolution: "480p",
    });
    expect(response.status).toBe(200);
    const task = (await response.json()) as PresentedTask;
    clockOffset += 60_000;
    const row = await waitFor(
      () => temp.db.task.findUniqueOrThrow({ where: { id: task.id } }),
      (t) => t.status === "failed",
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(row.error).toMatch(/did not pass content review/);
  }, 60_000);

  it("refuses what the family's rules refuse, before the upstream hears of it", async () => {
    const before = creates().length;
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ["acme-motion", { model: "acme-motion-2", prompt: "x", seconds: 10 }, "seconds", /one of 4, 8, 12/],
      [
        "acme-motion",
        { model: "acme-motion-2-stable", prompt: "x", seconds: 12 },
        "seconds",
        /one of 10, 15/,
      ],
      [
        "acme-motion",
        { model: "acme-motion-2", prompt: "x", aspect_ratio: "wide" },
        "aspect_ratio",
        /width:height/,
      ],
      ["cinema", { model: "cinema-std", prompt: "x", seconds: 31 }, "seconds", /between 6 and 30/],
      ["cinema", { model: "cinema-std", prompt: "x", resolution: "1080p" }, "resolution", /480p, 720p/],
      // A model of another family, or of the task API, is refused with the path it belongs to.
      ["cinema", { model: "acme-motion-2", prompt: "x" }, "model", /\/v1\/acme-motion\/videos/],
      ["cinema", { model: "sd_2.5_ORelay", prompt: "x" }, "model", /task API model/],
    ];
    for (const [family, body, field, message] of cases) {
      const response = await post(family, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = await response.json();
      const issue = error.issues.find((i: { path: string }) => i.path === field);
      expect(issue?.message, JSON.stringify(error)).toMatch(message);
    }
    const viaV2 = await routes.submitV2(
      new Request(`${origin}/api/v2/model-center/tasks`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "acme-motion-2", prompt: "x" }),
      }),
    );
    expect(viaV2.status).toBe(400);
    expect((await viaV2.json()).error.message).toMatch(/send it to \/v1\/acme-motion\/videos/);
    expect(creates().length).toBe(before);
  });
});
