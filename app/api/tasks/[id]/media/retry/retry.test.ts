/**
 * A result download the address policy refused (issue 18): the admin reads which setting allows the
 * origin, a member reads no internal address, and the owner retries it from the task once the
 * setting allows it — while its URL lives; no credits, no upstream task call. Real SQLite/PostgreSQL,
 * real sessions, a real HTTP file server on loopback (a "private" address), the real policy.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { seedTasks } from "@/lib/gallery/testing/seed-tasks";
import { makePng } from "@/lib/testing/media-fixtures";
import { setEnv } from "@/lib/testing/env-vars";
import { createTempDb } from "@/lib/testing/temp-db";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Who = { id: string; headers: Headers };

const origin = "http://127.0.0.1:3000";
let temp: ReturnType<typeof createTempDb>;
let restoreEnv: () => void;
let files: http.Server;
let filesOrigin: string;
let served = 0;
let ada: Who;
let bob: Who;
let admin: Who;
let retry: Handler;
let taskGet: Handler;
let itemGet: Handler;

beforeAll(async () => {
  temp = createTempDb();
  const png = await makePng(path.join(temp.dir, "result.png"), { width: 40, height: 30 });
  files = http.createServer((_, res) => {
    served++;
    res.writeHead(200, { "content-type": "image/png", "content-length": png.length }).end(png);
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  filesOrigin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    UPSTREAM_BASE_URL: "https://upstream.example.com",
    UPSTREAM_LLM_BASE_URL: "https://upstream.example.com",
    UPSTREAM_API_KEY: "retry-test-key",
    TRACKER: "0",
    AUTH: "on",
    AUTH_SECRET: "retry-test-secret-retry-test-secret-0123",
    FETCH_ALLOW_PRIVATE: "",
  });
  const person = signedInUser;
  admin = await person("admin@example.com", "admin");
  ada = await person("ada@example.com", "member");
  bob = await person("bob@example.com", "member");
  retry = (await import("@/app/api/tasks/[id]/media/retry/route")).POST as Handler;
  taskGet = (await import("@/app/api/v2/model-center/tasks/[id]/route")).GET as Handler;
  itemGet = (await import("@/app/api/gallery/items/[id]/route")).GET as Handler;
});

afterAll(async () => {
  const { db } = await import("@/lib/db");
  await db().$disconnect();
  await new Promise((resolve) => files?.close(resolve));
  await temp?.cleanup();
  restoreEnv?.();
});

async function call(handler: Handler, who: Who, url: string, id: string, json?: unknown) {
  const headers = new Headers(who.headers);
  if (json !== undefined) headers.set("content-type", "application/json");
  const response = await handler(
    new Request(`${origin}${url}`, {
      method: json === undefined ? "GET" : "POST",
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    }),
    { params: Promise.resolve({ id }) },
  );
  return { status: response.status, body: await response.json() };
}

const retryCall = (who: Who, id: string, json: unknown = {}) =>
  call(retry, who, `/api/tasks/${id}/media/retry`, id, json);

/** A completed task of ada's whose one result is still to be downloaded from `url`. */
async function adaTask(id: string, url: string, status = "pending") {
  await seedTasks(temp.db, [
    {
      id,
      userId: ada.id,
      kind: "image",
      mediaState: status,
      media: [{ status, sourceUrl: url, path: null }],
    },
  ]);
  return (await temp.db.media.findFirstOrThrow({ where: { taskId: id } })).id;
}

/** What the tracker's download worker does with a pending row, under the policy `allow` sets. */
async function downloadAsTracker(mediaId: string, allowPrivate = "") {
  const { taskDeps } = await import("@/lib/tasks/deps");
  const { fetchPolicy } = await import("@/lib/net/fetch-policy");
  const { parseEnv } = await import("@/lib/env");
  const { downloadMedia } = await import("@/lib/tasks/download-media");
  const policy = fetchPolicy(parseEnv({ ...process.env, FETCH_ALLOW_PRIVATE: allowPrivate }));
  return downloadMedia(mediaId, taskDeps({ fetchPolicy: policy, log: { ...console, warn: () => {} } }));
}

describe("a result download refused by the address policy", () => {
  it("tells the admin which setting allows the origin, hides the address from members, and can be retried", async () => {
    const future = Math.floor(Date.now() / 1000) + 3600;
    const mediaId = await adaTask("refused-1", `${filesOrigin}/results/one.png?Expires=${future}`);
    expect(await downloadAsTracker(mediaId)).toBe(true);
    expect(served).toBe(0);

    const asAda = await call(taskGet, ada, "/api/v2/model-center/tasks/refused-1", "refused-1");
    const adaMedia = asAda.body.studio.media[0];
    expect(adaMedia).toMatchObject({ status: "failed", retryable: true });
    expect(adaMedia.error).toMatch(/^The result URL is on an address the studio does not fetch/);
    expect(adaMedia.error).not.toContain("127.0.0.1");
    expect(adaMedia.error).not.toContain("FETCH_ALLOW_PRIVATE");

    const asAdmin = await call(taskGet, admin, "/api/v2/model-center/tasks/refused-1", "refused-1");
    expect(asAdmin.body.studio.media[0].error).toContain(`FETCH_ALLOW_PRIVATE=${filesOrigin}`);
    expect(asAdmin.body.studio.media[0].error).toMatch(/127\.0\.0\.1 is a loopback address/);
    // The gallery item shows the same, per viewer.
    const item = await call(itemGet, admin, "/api/gallery/items/refused-1", "refused-1");
    expect(item.body.media[0]).toMatchObject({ retryable: true });
    expect(item.body.media[0].error).toContain(`FETCH_ALLOW_PRIVATE=${filesOrigin}`);
    expect(
      (await call(itemGet, ada, "/api/gallery/items/refused-1", "refused-1")).body.media[0].error,
    ).not.toContain("127.0.0.1");

    // Another member's retry is a 404, and changes nothing.
    expect(await retryCall(bob, "refused-1")).toMatchObject({ status: 404 });
    expect(await temp.db.media.findUniqueOrThrow({ where: { id: mediaId } })).toMatchObject({
      status: "failed",
    });

    // The admin allowed the origin (and restarted); the owner retries; the tracker stores the file.
    const retried = await retryCall(ada, "refused-1");
    expect(retried.status).toBe(202);
    expect(retried.body.studio).toMatchObject({ mediaState: "pending" });
    expect(retried.body.studio.media[0]).toMatchObject({ status: "pending", error: null, retryable: false });
    expect(await retryCall(ada, "refused-1")).toMatchObject({
      status: 409,
      body: { error: { message: "The file is being downloaded already." } },
    });
    expect(await downloadAsTracker(mediaId, filesOrigin)).toBe(true);
    expect(served).toBe(1);
    const stored = await call(taskGet, ada, "/api/v2/model-center/tasks/refused-1", "refused-1");
    expect(stored.body.studio).toMatchObject({ mediaState: "stored" });
    expect(stored.body.studio.media[0]).toMatchObject({
      status: "stored",
      retryable: false,
      size: expect.any(Number),
    });
    expect(await retryCall(ada, "refused-1")).toMatchObject({ status: 409 });
  });

  it("is not retried once its URL expired: no button, and the API says why (410)", async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const mediaId = await adaTask("refused-2", `${filesOrigin}/results/two.png?Expires=${past}`, "failed");
    const task = await call(taskGet, ada, "/api/v2/model-center/tasks/refused-2", "refused-2");
    expect(task.body.studio.media[0]).toMatchObject({ status: "failed", retryable: false });
    const refused = await retryCall(ada, "refused-2", { mediaId });
    expect(refused).toMatchObject({ status: 410, body: { error: { code: "conflict", reason: "expired" } } });
    expect(refused.body.error.message).toMatch(
      /^The result URL expired at .*; the upstream no longer serves the file\.$/,
    );

    // An "expired" verdict without a signed expiry (403/404/410 on every attempt) is final too.
    await adaTask("gone-1", `${filesOrigin}/results/three.png`, "expired");
    expect(await retryCall(ada, "gone-1")).toMatchObject({ status: 410 });
    expect(await retryCall(ada, "gone-1", { mediaId: "nope" })).toMatchObject({ status: 404 });
    expect(await retryCall(ada, "gone-1", { extra: 1 })).toMatchObject({ status: 400 });
    expect(served).toBe(1);
  });
});
