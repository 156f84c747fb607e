/**
 * Issue 23, part 4: the official `openai` SDK, unchanged, against the studio's v1 mirror over real
 * HTTP (the route handlers behind a node:http listener, accounts on, API tokens as Bearer), with the
 * sandbox as upstream and the tracker storing results. What a script author sees: create (with and
 * without an `input_reference` file), retrieve until completed, downloadContent = the stored bytes.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox";
import { toNodeListener } from "@/lib/sandbox/node-adapter";
import { setEnv } from "@/lib/testing/env-vars";
import { makePng } from "@/lib/testing/media-fixtures";
import { createTempDb } from "@/lib/testing/temp-db";
import { waitFor } from "@/lib/testing/wait-for";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let temp: ReturnType<typeof createTempDb>;
let sandbox: SandboxServer;
let studio: http.Server;
let baseURL: string;
let clockOffset = 0;
let restoreEnv: () => void;
let stopTracker: () => Promise<void>;
let tokens: Record<"ada" | "bob" | "broke", string>;
let png: Buffer;

// Path patterns → the route module that serves them, as Next.js would route them.
const ROUTES: [RegExp, string[], () => Promise<Record<string, unknown>>][] = [
  [/^\/api\/v1\/([^/]+)\/videos$/, ["family"], () => import("@/app/api/v1/[family]/videos/route")],
  [
    /^\/api\/v1\/([^/]+)\/videos\/([^/]+)$/,
    ["family", "id"],
    () => import("@/app/api/v1/[family]/videos/[id]/route"),
  ],
  [
    /^\/api\/v1\/([^/]+)\/videos\/([^/]+)\/content$/,
    ["family", "id"],
    () => import("@/app/api/v1/[family]/videos/[id]/content/route"),
  ],
  [/^\/api\/uploads\/([^/]+)$/, ["id"], () => import("@/app/api/uploads/[id]/route")],
];

async function dispatch(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  for (const [pattern, names, load] of ROUTES) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const handler = (await load())[request.method] as Handler | undefined;
    if (!handler) return new Response(null, { status: 405 });
    const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
    return handler(request, { params: Promise.resolve(params) });
  }
  return new Response(null, { status: 404 });
}

beforeAll(async () => {
  temp = createTempDb();
  png = await makePng(path.join(temp.dir, "reference.png"), { width: 640, height: 360, label: "ref" });
  sandbox = await startSandboxServer({
    port: 0,
    now: () => Date.now() + clockOffset,
    cacheDir: path.join(temp.dir, "sandbox-cache"),
  });
  studio = http.createServer(toNodeListener(dispatch));
  await new Promise<void>((resolve) => studio.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(studio.address() as AddressInfo).port}`;
  baseURL = `${origin}/api/v1/family-a`;
  // The sandbox's demo family paths, mapped as an operator would (a studio on an external upstream).
  const mapping = path.join(temp.dir, "v1-families.json");
  fs.writeFileSync(
    mapping,
    JSON.stringify({
      families: [
        { family: "A", path: "family-a", models: [{ id: "family-a-standard", variant: "standard" }] },
        { family: "C", path: "family-c", models: [{ id: "family-c-standard", variant: "standard" }] },
      ],
    }),
  );
  restoreEnv = setEnv({
    V1_FAMILIES_FILE: mapping,
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_API_KEY: "openai-sdk-test-key",
    TRACKER: "1",
    TRACKER_POLL_INTERVAL_MS: "200",
    AUTH: "on",
    AUTH_SECRET: "openai-sdk-test-secret-openai-sdk-0123456",
    FETCH_ALLOW_PRIVATE: origin,
  });
  const { authContext } = await import("@/lib/auth/context");
  const { createToken } = await import("@/lib/auth/tokens");
  const { setBudget } = await import("@/lib/auth/budgets");
  const ctx = await authContext();
  const people = {
    ada: await signedInUser("ada@example.com"),
    bob: await signedInUser("bob@example.com"),
    broke: await signedInUser("broke@example.com"),
  };
  await setBudget(ctx, people.broke.id, { daily: 0 });
  const token = async (id: string) => (await createToken(ctx, id, { name: "sdk" })).token;
  tokens = {
    ada: await token(people.ada.id),
    bob: await token(people.bob.id),
    broke: await token(people.broke.id),
  };
  stopTracker = (await import("@/lib/tasks/tracker")).ensureTrackerStarted().stop;
});

afterAll(async () => {
  await stopTracker?.();
  const { db } = await import("@/lib/db");
  await db().$disconnect();
  await new Promise((resolve) => studio?.close(resolve));
  await sandbox?.close();
  await temp?.cleanup();
  restoreEnv?.();
});

const client = (who: keyof typeof tokens, family = "family-a") =>
  new OpenAI({ apiKey: tokens[who], baseURL: baseURL.replace("family-a", family), maxRetries: 0 });
const creates = () => sandbox.log.list().filter((e) => e.method === "POST" && e.path.startsWith("/v1/"));

/** The SDK's own polling loop, the sandbox's clock moved on so the task finishes at once. */
async function retrieveUntilStored(openai: OpenAI, id: string) {
  clockOffset += 120_000;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const video = await openai.videos.retrieve(id);
    expect(["queued", "in_progress", "completed"]).toContain(video.status);
    const row = await temp.db.task.findUniqueOrThrow({ where: { id } });
    if (video.status === "completed" && row.mediaState === "stored") return video;
    if (video.status === "failed" || Date.now() > deadline) throw new Error(JSON.stringify(video));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("the openai SDK against /api/v1/{family}", () => {
  it("creates without a file, retrieves until completed and downloads the stored bytes", async () => {
    const openai = client("ada");
    const created = await openai.videos.create({
      model: "family-a-standard" as never,
      prompt: "a lighthouse at dusk [fast]",
      seconds: "8",
      size: "720x1280",
    });
    expect(created).toMatchObject({ object: "video", status: "queued", model: "family-a-standard" });
    expect(creates().at(-1)).toMatchObject({
      path: "/v1/family-a/videos",
      body: {
        model: "family-a-standard",
        prompt: "a lighthouse at dusk [fast]",
        seconds: 8,
        aspect_ratio: "9:16",
      },
    });

    const done = await retrieveUntilStored(openai, created.id);
    expect(done).toMatchObject({ status: "completed", progress: 100, seconds: "8", size: "720x1280" });
    expect(typeof done.completed_at).toBe("number");

    const content = await openai.videos.downloadContent(created.id);
    expect(content.headers.get("content-type")).toBe("video/mp4");
    const media = await temp.db.media.findFirstOrThrow({ where: { taskId: created.id, role: "result" } });
    const stored = fs.readFileSync(path.join(temp.dir, "media", media.path!));
    expect(Buffer.compare(Buffer.from(await content.arrayBuffer()), stored)).toBe(0);

    // Range, as the gallery's file serving answers it.
    const range = await fetch(`${baseURL}/videos/${created.id}/content`, {
      headers: { Authorization: `Bearer ${tokens.ada}`, Range: "bytes=0-9" },
    });
    expect(range.status).toBe(206);
    expect(Buffer.compare(Buffer.from(await range.arrayBuffer()), stored.subarray(0, 10))).toBe(0);

    // The poster frame is made just after the file is stored.
    await waitFor(
      () => temp.db.media.findFirstOrThrow({ where: { id: media.id } }),
      (row) => row.thumbPath !== null,
      { timeoutMs: 20_000, intervalMs: 50 },
    );
    const thumbnail = await openai.videos.downloadContent(created.id, { variant: "thumbnail" });
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    await expect(openai.videos.downloadContent(created.id, { variant: "spritesheet" })).rejects.toMatchObject(
      {
        status: 400,
        message: expect.stringMatching(/spritesheet/),
      },
    );

    // Another member's token: the video does not exist for them.
    await expect(client("bob").videos.retrieve(created.id)).rejects.toMatchObject({ status: 404 });
    await expect(client("bob").videos.downloadContent(created.id)).rejects.toMatchObject({ status: 404 });
  }, 60_000);

  it("hands an input_reference PNG upstream as a reference image by signed link", async () => {
    const openai = client("ada", "family-c");
    const created = await openai.videos.create({
      model: "family-c-standard" as never,
      prompt: "the reference, animated [fast]",
      seconds: "6" as never,
      size: "1280x720",
      input_reference: await toFile(png, "reference.png", { type: "image/png" }),
    });
    expect(created.status).toBe("queued");
    // Nothing to download before it completed: a clear 409, not the upstream's URL.
    await expect(openai.videos.downloadContent(created.id)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/no content yet/),
    });
    const sent = creates().at(-1)!;
    expect(sent.path).toBe("/v1/family-c/videos");
    const body = sent.body as { reference_images: string[]; aspect_ratio: string; resolution: string };
    expect(body).toMatchObject({ aspect_ratio: "16:9", resolution: "720p", seconds: 6 });
    expect(body.reference_images).toHaveLength(1);
    // The link serves the very bytes sent, without a session (it is signed).
    const linked = await fetch(body.reference_images[0]);
    expect(linked.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await linked.arrayBuffer()), png)).toBe(0);
    const done = await retrieveUntilStored(openai, created.id);
    expect(done.size).toBe("1280x720");
  }, 60_000);

  it("refuses what cannot be mapped, naming the field, before the upstream hears of it", async () => {
    const before = creates().length;
    const withFile = client("ada").videos.create({
      model: "family-a-standard" as never,
      prompt: "x",
      input_reference: await toFile(png, "reference.png", { type: "image/png" }),
    });
    await expect(withFile).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/input_reference/),
    });
    const withUrl = client("ada").videos.create({
      model: "family-a-standard" as never,
      prompt: "x",
      input_reference: { image_url: "https://example.com/frame.png" },
    });
    await expect(withUrl).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/input_reference/),
    });
    const badSize = client("ada", "family-c").videos.create({
      model: "family-c-standard" as never,
      prompt: "x",
      size: "1792x1024",
    });
    await expect(badSize).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/size: .*480p, 720p/),
    });
    const overBudget = client("broke").videos.create({ model: "family-a-standard" as never, prompt: "x" });
    await expect(overBudget).rejects.toMatchObject({ status: 402 });
    expect(creates().length).toBe(before);
  });
});
