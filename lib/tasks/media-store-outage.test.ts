/**
 * The S3 media store going away under ~20 running tasks: the studio reaches a real S3-protocol
 * server (s3rver) through a TCP proxy that refuses or stalls every connection for a few seconds,
 * while the tracker polls an upstream double and stores its results in the bucket. During the
 * fault: a file request answers 503 + Retry-After naming the media store within 10 s, /api/health
 * and /ready report it down since when, and no error text a member reads names an address. After
 * it: every task completed with its file stored once, no object without its row, within 60 s.
 * Uploads into a stalled bucket answer 503 as quickly; a large upload through a bucket that is
 * alive but answers late still goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db-client";
import { startS3Server, type S3TestServer } from "../storage/testing/s3-server";
import { startFaultProxy, type FaultMode, type FaultProxy } from "../testing/fault-proxy";
import type { TaskServiceDouble } from "../upstream/testing/task-service-double";
import { presentTask } from "./present-task";
import {
  expectNothingLost,
  INTERNAL_TEXT,
  outageTracker,
  seedRunningTasks,
  sleep,
  startOutageStudio,
  startOutageUpstream,
  type OutageStudio,
  type RouteHandler,
  waitSettled,
} from "./testing/outage-harness";

let s3: S3TestServer;
let proxy: FaultProxy;
let double: TaskServiceDouble;
let studio: OutageStudio;
let db: Db;
let routes: OutageStudio["routes"];
const logs: string[] = [];
const PREFIX = "studio/";

beforeAll(async () => {
  s3 = await startS3Server();
  const endpoint = new URL(s3.endpoint);
  // "slow": answers 1.2 s late, longer than one attempt of the 2 s request bound below.
  proxy = await startFaultProxy({ host: endpoint.hostname, port: Number(endpoint.port) }, { slowMs: 1_200 });
  double = await startOutageUpstream();
  studio = await startOutageStudio(double, {
    ...s3.env,
    S3_ENDPOINT: proxy.via(s3.endpoint).replace(/\/$/, ""),
    S3_KEY_PREFIX: PREFIX,
    // A stalled bucket is given up after 2 s (two attempts of 1 s), as an operator may set it.
    S3_REQUEST_TIMEOUT_MS: "2000",
  });
  ({ db, routes } = studio);
});

afterAll(async () => {
  await studio?.stop();
  await proxy?.close();
  await double?.close();
  await s3?.close();
});

const call = async (handler: RouteHandler, url: string, params: Record<string, string> = {}) => {
  const started = Date.now();
  const response = await handler(new Request(`http://studio.test${url}`), {
    params: Promise.resolve(params),
  });
  return { response, body: await response.json(), tookMs: Date.now() - started };
};

/** Every object under the studio's prefix, as the bucket's server holds them. */
const storedKeys = () => s3.keys().map((key) => key.slice(PREFIX.length));

/** What members read about these tasks: every error text the task presenter gives them. */
async function memberErrorTexts(ids: string[]): Promise<string[]> {
  const tasks = await db.task.findMany({ where: { id: { in: ids } }, include: { media: true } });
  return tasks.flatMap((task) => {
    const shown = presentTask(task, "https://studio.example", undefined, undefined, "member");
    const texts = [shown.error, shown.studio.lastPollError, ...shown.studio.media.map((m) => m.error)];
    return texts.filter((text): text is string => typeof text === "string");
  });
}

describe("S3 media store outage under running tasks (through a TCP fault proxy)", () => {
  it.each<[FaultMode]>([["refuse"], ["stall"]])(
    "%s for 4 s: 503 naming the media store within 10 s, health says so, every result stored once after",
    async (mode) => {
      const { tracker } = outageTracker(db, double, logs);
      try {
        // Completions spread over 0.3–3.1 s: some stored before the fault, many during, some after.
        const ids = await seedRunningTasks(db, double, `s3-${mode}`, 20, (i) => 300 + i * 150);
        const first = await waitForStoredMedia(ids);

        proxy.set(mode);
        const faultStarted = Date.now();
        await sleep(300);
        const file = await call(routes.media, `/api/media/${first}`, { id: first });
        expect(file.response.status).toBe(503);
        expect(file.response.headers.get("retry-after")).toBe("5");
        expect(file.body.error).toMatchObject({ code: "dependency_unavailable", dependency: "media store" });
        expect(file.body.error.message).toMatch(
          /^The media store is unavailable \(it could not be reached\)/,
        );
        expect(file.tookMs).toBeLessThan(10_000);

        await sleep(1_100); // past the health check shared for 1 s
        const health = await call(routes.health, "/api/health");
        expect(health.response.status).toBe(503);
        expect(health.body.ok).toBe(false);
        expect(health.body.dependencies["media store"].status).toBe("down");
        const since = Date.parse(health.body.dependencies["media store"].since);
        expect(since).toBeGreaterThanOrEqual(faultStarted - 1_000);
        expect(health.tookMs).toBeLessThan(10_000);
        const ready = await call(routes.ready, "/api/health/ready");
        expect(ready.response.status).toBe(503);
        expect(ready.response.headers.get("retry-after")).toBe("5");
        expect(ready.body).toMatchObject({ ready: false, down: ["media store"] });

        await sleep(Math.max(0, 4_000 - (Date.now() - faultStarted)));
        // Downloads that met the fault said so, in words naming the store and nothing internal.
        const shown = await memberErrorTexts(ids);
        if (mode === "refuse")
          expect(shown.some((text) => text.startsWith("The media store is unavailable"))).toBe(true);
        for (const text of shown) expect(text).not.toMatch(INTERNAL_TEXT);
        proxy.set("pass");
        const faultEnded = Date.now();

        const recoveredMs = await waitSettled(db, ids, 60_000, logs);
        expect(recoveredMs).toBeLessThan(60_000);
        await expectNothingLost(db, ids, storedKeys());
        // The same file is served again, and health is back without a restart.
        expect(
          (
            await routes.media(new Request(`http://studio.test/api/media/${first}`), {
              params: Promise.resolve({ id: first }),
            })
          ).status,
        ).toBe(200);
        await sleep(Math.max(0, 1_100 - (Date.now() - faultEnded)));
        const back = await call(routes.health, "/api/health");
        expect(back.body.dependencies["media store"].status).toBe("ok");
      } finally {
        proxy.set("pass");
        await tracker.stop();
      }
    },
    60_000,
  );
});

const PNG_MAGIC = Buffer.from("89504e470d0a1a0a", "hex");

/** A PNG-typed upload of `body` to a POST route (raw bytes with X-File-Name, as the studio's form sends). */
async function postFile(handler: RouteHandler, url: string, body: BodyInit) {
  const started = Date.now();
  const response = await handler(
    new Request(`http://127.0.0.1:3000${url}`, {
      method: "POST",
      body,
      headers: { "content-type": "image/png", "x-file-name": "reference.png" },
      duplex: "half",
    } as RequestInit),
    { params: Promise.resolve({}) },
  );
  return { response, text: await response.text(), tookMs: Date.now() - started };
}

describe("uploads and the media store's faults", () => {
  it("an upload and a chat attachment into a stalled bucket answer 503 naming the store within 10 s", async () => {
    proxy.set("stall");
    try {
      const body = () => Buffer.concat([PNG_MAGIC, Buffer.alloc(64 * 1024, 1)]);
      const answers = await Promise.all([
        postFile(routes.upload, "/api/uploads", body()),
        postFile(routes.attach, "/api/chat/attachments", body()),
      ]);
      for (const { response, text, tookMs } of answers) {
        expect(tookMs).toBeLessThan(10_000);
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("5");
        expect(JSON.parse(text).error).toMatchObject({
          code: "dependency_unavailable",
          dependency: "media store",
        });
        expect(JSON.parse(text).error.message).toMatch(
          /^The media store is unavailable \(it could not be reached\)/,
        );
        expect(text).not.toMatch(INTERNAL_TEXT);
        expect(text).not.toContain(String(proxy.port));
      }
      // One more during the fault is answered at once: the failed check is remembered for 2 s.
      const again = await postFile(routes.upload, "/api/uploads", body());
      expect(again.response.status).toBe(503);
      expect(again.tookMs).toBeLessThan(500);
    } finally {
      proxy.set("pass");
    }
    await sleep(2_000); // past that memory: the bucket is asked again
    const after = await postFile(
      routes.upload,
      "/api/uploads",
      Buffer.concat([PNG_MAGIC, Buffer.alloc(1024, 2)]),
    );
    expect(after.response.status).toBe(201);
    expect(s3.keys().filter((key) => key.startsWith(`${PREFIX}uploads/`))).toHaveLength(1);
  }, 30_000);

  it("a 17 MiB upload streamed through a bucket that answers 1.2 s late is stored whole (multipart)", async () => {
    const MiB = 1024 * 1024;
    let pulls = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Late answers from the moment the body is read, after the check that the bucket answers:
        // every request of the multipart upload (create, parts, completion) is answered late.
        if (++pulls === 3) proxy.set("slow");
        if (pulls > 17) return controller.close();
        controller.enqueue(
          pulls === 1 ? Buffer.concat([PNG_MAGIC, Buffer.alloc(MiB - 8, pulls)]) : Buffer.alloc(MiB, pulls),
        );
      },
    });
    try {
      const { response, text } = await postFile(routes.upload, "/api/uploads", source);
      expect(response.status, text).toBe(201);
      expect(JSON.parse(text)).toMatchObject({ size: 17 * MiB, mimeType: "image/png" });
      expect(proxy.mode()).toBe("slow");
    } finally {
      proxy.set("pass");
    }
    const row = await db.mediaUpload.findFirstOrThrow({ where: { size: 17 * MiB } });
    expect((await s3.objectBytes(`${PREFIX}${row.path}`))?.length).toBe(17 * MiB);
  }, 30_000);
});

/** The first result stored (before the fault), for the request that needs the store during it. */
async function waitForStoredMedia(ids: string[]): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const stored = await db.media.findFirst({ where: { taskId: { in: ids }, status: "stored" } });
    if (stored) return stored.id;
    if (Date.now() > deadline)
      throw new Error(`no result stored; last log lines:\n${logs.slice(-8).join("\n")}`);
    await sleep(50);
  }
}
