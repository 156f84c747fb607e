/**
 * The studio against the standalone sandbox as its upstream (UPSTREAM_BASE_URL), through the real
 * route handlers and the process tracker, with no browser: submit, let the tracker finish the task
 * and store its files, then serve them byte-identical after the upstream URLs have expired.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandboxServer, type SandboxServer } from "../sandbox";
import { setEnv } from "../testing/env-vars";
import { createTempDb } from "../testing/temp-db";
import { waitFor } from "../testing/wait-for";
import type { Activity } from "../activity/types";
import type { PresentedTask } from "./present-task";

const API_KEY = "it-secret-key-123";
let sandbox: SandboxServer;
let temp: ReturnType<typeof createTempDb>;
let clockOffset = 0;
let routes: {
  submit: (request: Request) => Promise<Response>;
  query: (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;
  list: (request: Request) => Promise<Response>;
  activity: (request: Request) => Promise<Response>;
  media: (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;
};
let stopTracker: () => Promise<void>;

let restoreEnv: () => void;
const origin = "http://studio.test";
const params = (id: string) => ({ params: Promise.resolve({ id }) });

beforeAll(async () => {
  temp = createTempDb();
  sandbox = await startSandboxServer({
    port: 0,
    now: () => Date.now() + clockOffset,
    cacheDir: path.join(temp.dir, "sandbox-cache"),
  });
  // The studio's configuration, as an operator would set it; read once by env() on first use.
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_LLM_BASE_URL: sandbox.url,
    UPSTREAM_API_KEY: API_KEY,
    TRACKER: "1",
  });
  const [submit, query, list, media, activity, tracker] = await Promise.all([
    import("@/app/api/v2/model-center/tasks/route"),
    import("@/app/api/v2/model-center/tasks/[id]/route"),
    import("@/app/api/tasks/route"),
    import("@/app/api/media/[id]/route"),
    import("@/app/api/activity/route"),
    import("./tracker"),
  ]);
  routes = {
    submit: submit.POST,
    query: query.GET,
    list: list.GET,
    media: media.GET,
    activity: activity.GET,
  };
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

async function readActivity(since?: string): Promise<Activity> {
  const query = since ? `?since=${encodeURIComponent(since)}` : "";
  const response = await routes.activity(new Request(`${origin}/api/activity${query}`));
  expect(response.status).toBe(200);
  return (await response.json()) as Activity;
}

async function submitTask(body: Record<string, unknown>): Promise<PresentedTask> {
  const response = await routes.submit(
    new Request(`${origin}/api/v2/model-center/tasks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as PresentedTask;
}

describe("tracking against a spec-conformant upstream, no browser", () => {
  it("tracks a task to completion and serves its files byte-identical after the URLs expired", async () => {
    const submitted = await routes.submit(
      new Request(`${origin}/api/v2/model-center/tasks`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          model: "sd_2.5_ORelay",
          prompt: "a lighthouse at dusk [fast]",
          duration: 4,
          aspect_ratio: "9:16",
          return_last_frame: true,
        }),
      }),
    );
    expect(submitted.status).toBe(200);
    const task = (await submitted.json()) as PresentedTask;
    expect(task).toMatchObject({ model: "sd_2.5_ORelay", status: "queued", object: "video" });
    // The sandbox's clock runs ahead so the task is finished when the tracker first asks.
    clockOffset += 60_000;

    // Nobody polls the studio: only the tracker works on it.
    const row = await waitFor(
      () => temp.db.task.findUniqueOrThrow({ where: { id: task.id }, include: { media: true } }),
      (t) => t.mediaState === "stored" && t.media.every((m) => m.status === "stored"),
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(row.status).toBe("completed");
    expect(row.media.map((m) => m.role).sort()).toEqual(["extra", "last_frame", "result"]);

    // What the upstream served, fetched while its URLs still work.
    const originals = new Map<string, Buffer>();
    for (const media of row.media) {
      const response = await fetch(media.sourceUrl);
      expect(response.status).toBe(200);
      originals.set(media.id, Buffer.from(await response.arrayBuffer()));
    }

    clockOffset += 3_600_000; // past the URLs' lifetime (600 s)
    for (const media of row.media) expect((await fetch(media.sourceUrl)).status).toBe(403);

    for (const media of row.media) {
      const served = await routes.media(new Request(`${origin}/api/media/${media.id}`), params(media.id));
      expect(served.status).toBe(200);
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(Buffer.compare(bytes, originals.get(media.id)!)).toBe(0);
      expect(served.headers.get("content-type")).toBe(
        media.role === "last_frame" ? "image/png" : "video/mp4",
      );
      expect(fs.existsSync(path.join(process.env.MEDIA_DIR!, media.path!))).toBe(true);
    }
    const video = row.media.find((m) => m.role === "result")!;
    const ranged = await routes.media(
      new Request(`${origin}/api/media/${video.id}`, { headers: { range: "bytes=100-199" } }),
      params(video.id),
    );
    expect(ranged.status).toBe(206);
    expect(
      Buffer.compare(Buffer.from(await ranged.arrayBuffer()), originals.get(video.id)!.subarray(100, 200)),
    ).toBe(0);

    // The task object now points at the studio's copies and reveals neither key nor base URL.
    const queried = await routes.query(
      new Request(`${origin}/api/v2/model-center/tasks/${task.id}`),
      params(task.id),
    );
    const shown = (await queried.json()) as PresentedTask;
    expect(shown).toMatchObject({
      status: "completed",
      progress: 100,
      result_url: `${origin}/api/media/${video.id}`,
      video_url: `${origin}/api/media/${video.id}`,
      studio: { mediaState: "stored" },
    });
    expect(shown.upstream_result_urls.video_url).toMatch(/^\{base_url\}\/files\//);
    const text = JSON.stringify(shown);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(sandbox.url);

    // The upstream saw one submit and queries at least 5 s apart, each with the key.
    const calls = sandbox.log.list().filter((entry) => entry.path.startsWith("/v2/model-center/tasks"));
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
    expect(calls.every((c) => c.authorization)).toBe(true);
    const queryTimes = calls.filter((c) => c.method === "GET").map((c) => Date.parse(c.at));
    for (let i = 1; i < queryTimes.length; i++)
      expect(queryTimes[i] - queryTimes[i - 1]).toBeGreaterThanOrEqual(4_900);
  }, 60_000);

  it("lists tasks newest first and answers 404 for unknown ids", async () => {
    const listed = await routes.list(new Request(`${origin}/api/tasks?limit=5&status=completed`));
    expect(listed.status).toBe(200);
    const page = (await listed.json()) as { items: PresentedTask[]; nextCursor: string | null };
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((t) => t.status === "completed")).toBe(true);

    const missing = await routes.query(
      new Request(`${origin}/api/v2/model-center/tasks/nope`),
      params("nope"),
    );
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe("not_found");

    const badLimit = await routes.list(new Request(`${origin}/api/tasks?limit=500`));
    expect(badLimit.status).toBe(400);
    expect((await badLimit.json()).error.issues[0].path).toBe("limit");
  });
});

describe("the activity feed against the same upstream", () => {
  it("the activity feed counts running tasks, then lists each once it settled, files stored", async () => {
    const start = await readActivity();
    expect(start.tasks).toEqual([]); // a first ask sets the start
    const done = await submitTask({ model: "vendors_5.0Pro", prompt: "a red kite [fast]" });
    const failed = await submitTask({ model: "vendors_5.0Pro", prompt: "a blue kite [fail]" });
    expect((await readActivity(start.cursor)).running).toBe(2);
    clockOffset += 120_000; // both over when the tracker next asks

    const settled = await waitFor(
      () => readActivity(start.cursor),
      // The cursor trails by 30 s: the earlier test's task may be listed too.
      (a) => [done.id, failed.id].every((id) => a.tasks.some((t) => t.id === id)),
      { timeoutMs: 60_000, intervalMs: 300 },
    );
    const byId = new Map(settled.tasks.map((t) => [t.id, t]));
    const image = byId.get(done.id)!;
    expect(image).toMatchObject({ status: "completed", href: `/gallery?item=${done.id}` });
    // Settled means stored: the notification's thumbnail is there to show.
    expect(image.media.filter((m) => m.role === "result").map((m) => m.status)).toEqual(["stored"]);
    expect(byId.get(failed.id)).toMatchObject({ status: "failed", href: `/?task=${failed.id}` });
    expect(byId.get(failed.id)!.error).toContain("[fail]");
    expect(settled.running).toBe(0);
    // The next cursor still overlaps (rows committed late are not missed); later ones are new only.
    expect(Date.parse(settled.cursor)).toBeLessThan(Date.now() - 20_000);
  }, 60_000);
});
