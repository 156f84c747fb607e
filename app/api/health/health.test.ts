/**
 * GET /api/health as a load balancer calls it (no session): 200 `{ ok: true }` with each dependency
 * on a healthy studio; 503 `{ ok: false }` when the media folder cannot be written, with no path
 * or address in the answer. Real database, real folders.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { setEnv } from "@/lib/testing/env-vars";
import { createTempDb } from "@/lib/testing/temp-db";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let temp: ReturnType<typeof createTempDb>;
let restoreEnv: () => void;
let health: Handler;
let ready: Handler;
let live: Handler;

beforeAll(async () => {
  temp = createTempDb();
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    MEDIA_MIN_FREE_BYTES: "1kb",
    TRACKER: "0",
    AUTH: "on",
    AUTH_SECRET: "health-test-secret-health-test-secret-01",
  });
  health = (await import("./route")).GET as Handler;
  ready = (await import("./ready/route")).GET as Handler;
  live = (await import("./live/route")).GET as Handler;
});

afterAll(async () => {
  const { db } = await import("@/lib/db");
  await db().$disconnect();
  await temp?.cleanup();
  restoreEnv?.();
});

const get = () => health(new Request("http://127.0.0.1:3000/api/health"), { params: Promise.resolve({}) });

it("answers 200 ok with each dependency on a healthy studio, then 503 while the media folder cannot be written", async () => {
  const ok = await get();
  expect(ok.status).toBe(200);
  const body = await ok.json();
  expect(body.ok).toBe(true);
  expect(body.dependencies.database).toMatchObject({ status: "ok", message: "Answers queries." });
  expect(body.dependencies["media store"].status).toBe("ok");
  expect(Date.parse(body.dependencies.database.since)).not.toBeNaN();

  // A file where the media folder was: it can be neither created nor written.
  fs.rmSync(path.join(temp.dir, "media"), { recursive: true });
  fs.writeFileSync(path.join(temp.dir, "media"), "");
  await new Promise((resolve) => setTimeout(resolve, 1_050)); // past the 1 s shared check
  const down = await get();
  expect(down.status).toBe(503);
  // Liveness asks no dependency: a down media store takes the process out of rotation
  // (/api/health/ready), it must not get it restarted.
  const alive = await live(new Request("http://127.0.0.1:3000/api/health/live"), {
    params: Promise.resolve({}),
  });
  expect(alive.status).toBe(200);
  expect(await alive.json()).toMatchObject({ live: true });
  const text = await down.text();
  expect(JSON.parse(text)).toMatchObject({
    ok: false,
    dependencies: {
      "media store": { status: "down", message: "The media folder cannot be written (EEXIST)." },
    },
  });
  expect(text).not.toContain(temp.dir);
});

const getReady = () =>
  ready(new Request("http://127.0.0.1:3000/api/health/ready"), { params: Promise.resolve({}) });

it("/api/health/ready answers 503 naming the media store while it is down, then 200 once it is back", async () => {
  // The media folder is still a file (the test above): not ready, and the answer says which.
  await new Promise((resolve) => setTimeout(resolve, 1_050));
  const down = await getReady();
  expect(down.status).toBe(503);
  expect(down.headers.get("retry-after")).toBe("5");
  expect(await down.json()).toEqual({
    ready: false,
    down: ["media store"],
    message: "Not ready: the media store is unavailable.",
  });

  fs.rmSync(path.join(temp.dir, "media"));
  fs.mkdirSync(path.join(temp.dir, "media"));
  await new Promise((resolve) => setTimeout(resolve, 1_050));
  const up = await getReady();
  expect(up.status).toBe(200);
  expect(await up.json()).toEqual({ ready: true });
});
