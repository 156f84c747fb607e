/**
 * Ownership through the real route handlers (issue 10 part 3), with accounts on: a real SQLite
 * file, real sessions, the standalone sandbox as the upstream over HTTP. Two members and an admin;
 * every kind of item made by one member is a 404 for the other — the same answer as an id that
 * never existed — and is unchanged afterwards; the admin sees both and can narrow the gallery.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { seedTasks } from "@/lib/gallery/testing/seed-tasks";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox";
import { makePng } from "@/lib/testing/media-fixtures";
import { setEnv } from "@/lib/testing/env-vars";
import { createTempDb } from "@/lib/testing/temp-db";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

const origin = "http://127.0.0.1:3000";
let PNG: Buffer;

let restoreEnv: () => void;
let temp: ReturnType<typeof createTempDb>;
let sandbox: SandboxServer;
let ada: { id: string; headers: Headers };
let bob: { id: string; headers: Headers };
let admin: { id: string; headers: Headers };
let r: Record<string, Record<string, Handler>>;

beforeAll(async () => {
  temp = createTempDb();
  sandbox = await startSandboxServer({ port: 0, cacheDir: path.join(temp.dir, "sandbox-cache") });
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_LLM_BASE_URL: sandbox.url,
    UPSTREAM_API_KEY: "ownership-test-key",
    TRACKER: "0",
    AUTH: "on",
    AUTH_SECRET: "ownership-test-secret-ownership-test-0123",
    PUBLIC_BASE_URL: "https://studio.example.com",
  });
  const person = signedInUser;
  admin = await person("admin@example.com", "admin");
  ada = await person("ada@example.com", "member");
  bob = await person("bob@example.com", "member");

  const modules: Record<string, () => Promise<Record<string, unknown>>> = {
    gallery: () => import("@/app/api/gallery/route"),
    "gallery/facets": () => import("@/app/api/gallery/facets/route"),
    "gallery/tags": () => import("@/app/api/gallery/tags/route"),
    "gallery/bulk": () => import("@/app/api/gallery/bulk/route"),
    "gallery/zip": () => import("@/app/api/gallery/zip/route"),
    "gallery/items/[id]": () => import("@/app/api/gallery/items/[id]/route"),
    "gallery/items/[id]/download": () => import("@/app/api/gallery/items/[id]/download/route"),
    "gallery/items/[id]/reference": () => import("@/app/api/gallery/items/[id]/reference/route"),
    "media/[id]": () => import("@/app/api/media/[id]/route"),
    "media/[id]/thumbnail": () => import("@/app/api/media/[id]/thumbnail/route"),
    tasks: () => import("@/app/api/tasks/route"),
    "v2/model-center/tasks": () => import("@/app/api/v2/model-center/tasks/route"),
    "v2/model-center/tasks/[id]": () => import("@/app/api/v2/model-center/tasks/[id]/route"),
    batches: () => import("@/app/api/batches/route"),
    "batches/[id]": () => import("@/app/api/batches/[id]/route"),
    "batches/[id]/items/[itemId]/retry": () => import("@/app/api/batches/[id]/items/[itemId]/retry/route"),
    "chat/conversations": () => import("@/app/api/chat/conversations/route"),
    "chat/conversations/[id]": () => import("@/app/api/chat/conversations/[id]/route"),
    "chat/conversations/[id]/messages": () => import("@/app/api/chat/conversations/[id]/messages/route"),
    "chat/attachments": () => import("@/app/api/chat/attachments/route"),
    "chat/attachments/[id]": () => import("@/app/api/chat/attachments/[id]/route"),
    "chat/attachments/from-gallery": () => import("@/app/api/chat/attachments/from-gallery/route"),
    "chat/messages/[id]/stop": () => import("@/app/api/chat/messages/[id]/stop/route"),
  };
  r = Object.fromEntries(
    await Promise.all(
      Object.entries(modules).map(
        async ([name, load]) => [name, (await load()) as Record<string, Handler>] as const,
      ),
    ),
  );

  // Two finished items each, with a stored file and a thumbnail, and one from before accounts.
  const mediaDir = process.env.MEDIA_DIR!;
  fs.mkdirSync(path.join(mediaDir, "results"), { recursive: true });
  PNG = await makePng(path.join(mediaDir, "results", "ada-1-0"), { width: 64, height: 48 });
  for (const name of ["bob-1-0", "old-1-0", "ada-1-0.thumb", "bob-1-0.thumb"])
    fs.writeFileSync(path.join(mediaDir, "results", name), PNG);
  const item = (id: string, userId: string | null, tag: string) => ({
    id,
    userId,
    kind: "image" as const,
    prompt: `${id} prompt`,
    tags: [tag],
    model: userId === bob?.id ? "vendors_5.0Pro" : "sd_2.5_ORelay",
    media: [
      {
        path: `results/${id}-0`,
        contentType: "image/png",
        size: PNG.length,
        thumbPath: userId ? `results/${id}-0.thumb` : null,
      },
    ],
  });
  await seedTasks(temp.db, [item("ada-1", ada.id, "ada-tag"), item("bob-1", bob.id, "bob-tag")]);
  await seedTasks(temp.db, [{ ...item("old-1", null, "old-tag"), kind: "image" }]);
});

afterAll(async () => {
  const { db } = await import("@/lib/db");
  await db().$disconnect();
  await sandbox?.close();
  await temp?.cleanup();
  restoreEnv?.();
});

type Who = { headers: Headers };
async function call(
  who: Who,
  name: string,
  method: string,
  options: {
    params?: Record<string, string>;
    query?: string;
    json?: unknown;
    body?: BodyInit;
    headers?: Record<string, string>;
  } = {},
): Promise<Response> {
  const headers = new Headers(who.headers);
  for (const [k, v] of Object.entries(options.headers ?? {})) headers.set(k, v);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  }
  const url = `${origin}/api/${name}${options.query ? `?${options.query}` : ""}`;
  const handler = r[name][method];
  if (!handler) throw new Error(`${name} has no ${method}`);
  return handler(new Request(url, { method, headers, body }), {
    params: Promise.resolve(options.params ?? {}),
  });
}
const json = async (response: Response) => ({ status: response.status, body: await response.json() });
const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id).sort();

describe("gallery items belong to the member who made them", () => {
  it("lists, counts and facets only a member's own items; an admin sees all and filters by user", async () => {
    expect(ids((await json(await call(ada, "gallery", "GET"))).body)).toEqual(["ada-1"]);
    expect(ids((await json(await call(bob, "gallery", "GET"))).body)).toEqual(["bob-1"]);
    expect((await json(await call(ada, "gallery", "GET"))).body.total).toBe(1);
    // A member's user filter cannot widen their view.
    expect(ids((await json(await call(ada, "gallery", "GET", { query: `user=${bob.id}` }))).body)).toEqual([
      "ada-1",
    ]);
    // Search and tags stay inside the member's items.
    expect(ids((await json(await call(ada, "gallery", "GET", { query: "q=bob" }))).body)).toEqual([]);
    expect(ids((await json(await call(ada, "gallery", "GET", { query: "tag=bob-tag" }))).body)).toEqual([]);

    expect(ids((await json(await call(admin, "gallery", "GET"))).body)).toEqual(["ada-1", "bob-1", "old-1"]);
    expect(ids((await json(await call(admin, "gallery", "GET", { query: `user=${bob.id}` }))).body)).toEqual([
      "bob-1",
    ]);
    expect(ids((await json(await call(admin, "gallery", "GET", { query: "user=none" }))).body)).toEqual([
      "old-1",
    ]);

    const adaFacets = (await json(await call(ada, "gallery/facets", "GET"))).body;
    expect(adaFacets).toEqual({
      models: [{ id: "sd_2.5_ORelay", count: 1 }],
      tags: [{ name: "ada-tag", count: 1 }],
    });
    const adminFacets = (await json(await call(admin, "gallery/facets", "GET"))).body;
    expect(adminFacets.users).toEqual([
      { id: ada.id, label: "ada@example.com", count: 1 },
      { id: bob.id, label: "bob@example.com", count: 1 },
      { id: "none", label: "No owner (before accounts)", count: 1 },
    ]);
    expect((await json(await call(ada, "gallery/tags", "GET", { query: "q=tag" }))).body.tags).toEqual([
      { name: "ada-tag", count: 1 },
    ]);
    const tasks = (await json(await call(bob, "tasks", "GET"))).body;
    expect(tasks.items.map((t: { id: string }) => t.id)).toEqual(["bob-1"]);
  });

  it("answers another member's item, file, thumbnail, download and reference exactly like a missing one", async () => {
    const missing = await json(await call(ada, "gallery/items/[id]", "GET", { params: { id: "no-such" } }));
    const foreign = await json(await call(ada, "gallery/items/[id]", "GET", { params: { id: "bob-1" } }));
    expect(missing.status).toBe(404);
    expect(foreign).toEqual({
      status: 404,
      body: {
        error: { ...missing.body.error, message: missing.body.error.message.replace("no-such", "bob-1") },
      },
    });
    expect(JSON.stringify(foreign.body)).not.toContain("bob-1 prompt");
    // The pre-accounts item is the admins' only.
    expect((await call(ada, "gallery/items/[id]", "GET", { params: { id: "old-1" } })).status).toBe(404);

    const bobMedia = await temp.db.media.findFirstOrThrow({ where: { taskId: "bob-1" } });
    const own = await call(bob, "media/[id]", "GET", { params: { id: bobMedia.id } });
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer())).toEqual(PNG);
    for (const [name, params] of [
      ["media/[id]", { id: bobMedia.id }],
      ["media/[id]/thumbnail", { id: bobMedia.id }],
      ["gallery/items/[id]/download", { id: "bob-1" }],
      ["gallery/items/[id]/reference", { id: "bob-1" }],
    ] as const) {
      const response = await call(ada, name, "GET", { params });
      expect({ name, status: response.status }).toEqual({ name, status: 404 });
      expect(await response.text()).not.toContain("PNG");
    }
    expect((await call(bob, "media/[id]/thumbnail", "GET", { params: { id: bobMedia.id } })).status).toBe(
      200,
    );
    expect((await call(admin, "media/[id]", "GET", { params: { id: bobMedia.id } })).status).toBe(200);

    const zip = await json(await call(ada, "gallery/zip", "POST", { json: { ids: ["bob-1"] } }));
    expect(zip.status).toBe(404);
  });

  it("never changes another member's item: review, bulk actions and delete", async () => {
    const patch = await call(ada, "gallery/items/[id]", "PATCH", {
      params: { id: "bob-1" },
      json: { rating: 1, notes: "mine now", tags: ["stolen"] },
    });
    expect(patch.status).toBe(404);
    for (const action of [
      { action: "favorite", ids: ["bob-1"] },
      { action: "addTag", ids: ["bob-1"], tag: "stolen" },
      { action: "removeTag", ids: ["bob-1"], tag: "bob-tag" },
    ]) {
      expect((await json(await call(ada, "gallery/bulk", "POST", { json: action }))).body).toEqual({
        changed: 0,
      });
    }
    const deleted = await json(
      await call(ada, "gallery/bulk", "POST", { json: { action: "delete", ids: ["bob-1"] } }),
    );
    expect(deleted.body).toMatchObject({ deleted: [], notFound: ["bob-1"] });
    expect((await call(ada, "gallery/items/[id]", "DELETE", { params: { id: "bob-1" } })).status).toBe(404);

    const row = await temp.db.task.findUniqueOrThrow({
      where: { id: "bob-1" },
      include: { tags: { include: { tag: true } } },
    });
    expect(row).toMatchObject({ rating: null, notes: "", favorite: false });
    expect(row.tags.map((t) => t.tag.name)).toEqual(["bob-tag"]);
    expect(fs.existsSync(path.join(process.env.MEDIA_DIR!, "results", "bob-1-0"))).toBe(true);

    // The owner and an admin can.
    expect(
      (await call(bob, "gallery/items/[id]", "PATCH", { params: { id: "bob-1" }, json: { rating: 4 } }))
        .status,
    ).toBe(200);
    expect(
      (await call(admin, "gallery/items/[id]", "PATCH", { params: { id: "bob-1" }, json: { rating: 5 } }))
        .status,
    ).toBe(200);
    expect((await temp.db.task.findUniqueOrThrow({ where: { id: "bob-1" } })).rating).toBe(5);
  });
});

describe("tasks and batches made through the API belong to their maker", () => {
  it("a task submitted on the mirror path is its submitter's; another member's query is a 404", async () => {
    const submitted = await json(
      await call(ada, "v2/model-center/tasks", "POST", {
        json: { model: "sd_2.5_ORelay", prompt: "a lighthouse at dusk", duration: 5 },
      }),
    );
    expect(submitted.status).toBe(200);
    const id = submitted.body.id as string;
    expect((await temp.db.task.findUniqueOrThrow({ where: { id } })).userId).toBe(ada.id);

    expect((await call(ada, "v2/model-center/tasks/[id]", "GET", { params: { id } })).status).toBe(200);
    const foreign = await json(await call(bob, "v2/model-center/tasks/[id]", "GET", { params: { id } }));
    const unknown = await json(
      await call(bob, "v2/model-center/tasks/[id]", "GET", { params: { id: "zzz" } }),
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(unknown.body.error.message.replace("zzz", id));
    expect((await call(admin, "v2/model-center/tasks/[id]", "GET", { params: { id } })).status).toBe(200);
  });

  it("a batch is its creator's, and the tasks its runner sends are too", async () => {
    const created = await json(
      await call(bob, "batches", "POST", {
        json: {
          models: ["sd_2.5_ORelay"],
          body: { prompt: "a red kite", duration: 5 },
          variations: 1,
          intervalMs: 0,
        },
      }),
    );
    expect(created.status).toBe(201);
    const batchId = created.body.id as string;
    expect(created.body.userId).toBe(bob.id);

    const { sendBatchItem } = await import("@/lib/batches/send-item");
    const { taskDeps } = await import("@/lib/tasks/deps");
    const item = await temp.db.batchItem.findFirstOrThrow({ where: { batchId } });
    expect(await sendBatchItem(taskDeps(), item, { firstMs: 1000, maxMs: 1000 })).toMatchObject({
      state: "sent",
    });
    const sent = await temp.db.batchItem.findUniqueOrThrow({ where: { id: item.id } });
    expect((await temp.db.task.findUniqueOrThrow({ where: { id: sent.taskId! } })).userId).toBe(bob.id);

    expect((await json(await call(ada, "batches", "GET"))).body.items).toEqual([]);
    expect(
      (await json(await call(bob, "batches", "GET"))).body.items.map((b: { id: string }) => b.id),
    ).toEqual([batchId]);
    expect((await call(ada, "batches/[id]", "GET", { params: { id: batchId } })).status).toBe(404);
    const retry = await call(ada, "batches/[id]/items/[itemId]/retry", "POST", {
      params: { id: batchId, itemId: item.id },
      json: {},
    });
    expect(retry.status).toBe(404);
    expect((await call(admin, "batches/[id]", "GET", { params: { id: batchId } })).status).toBe(200);
    expect(ids((await json(await call(ada, "gallery", "GET", { query: `batch=${batchId}` }))).body)).toEqual(
      [],
    );
  });
});

describe("conversations and attachments belong to the member who made them", () => {
  it("another member can neither list, read, change, delete nor send into a conversation", async () => {
    const created = await json(
      await call(ada, "chat/conversations", "POST", { json: { title: "Ada's plans" } }),
    );
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    expect((await json(await call(bob, "chat/conversations", "GET"))).body.conversations).toEqual([]);
    expect(
      (await json(await call(ada, "chat/conversations", "GET"))).body.conversations.map(
        (c: { id: string }) => c.id,
      ),
    ).toEqual([id]);
    expect(
      (await json(await call(admin, "chat/conversations", "GET"))).body.conversations.map(
        (c: { id: string }) => c.id,
      ),
    ).toContain(id);

    const params = { id };
    const attempts = [
      await call(bob, "chat/conversations/[id]", "GET", { params }),
      await call(bob, "chat/conversations/[id]", "PATCH", { params, json: { title: "Bob's now" } }),
      await call(bob, "chat/conversations/[id]/messages", "GET", { params }),
      await call(bob, "chat/conversations/[id]/messages", "POST", {
        params,
        json: { text: "hello", attachmentIds: [] },
      }),
      await call(bob, "chat/conversations/[id]", "DELETE", { params }),
    ];
    for (const response of attempts) {
      const body = await response.text();
      expect(response.status).toBe(404);
      expect(body).not.toContain("Ada's plans");
    }
    expect((await temp.db.conversation.findUniqueOrThrow({ where: { id } })).title).toBe("Ada's plans");

    // A live answer in Ada's conversation: Bob's stop button reaches nothing; Ada's stops it.
    const { startGeneration, endGeneration } = await import("@/lib/chat/generations");
    const message = await temp.db.message.create({
      data: { conversationId: id, role: "model", parts: "[]", status: "streaming" },
    });
    const live = startGeneration(message.id, id);
    try {
      const stop = (who: Who) => call(who, "chat/messages/[id]/stop", "POST", { params: { id: message.id } });
      expect((await json(await stop(bob))).body).toEqual({ stopped: false });
      expect(live.signal.aborted).toBe(false);
      expect((await json(await stop(ada))).body).toEqual({ stopped: true });
      expect(live.signal.aborted).toBe(true);
    } finally {
      endGeneration(message.id);
    }
  });

  it("an uploaded attachment is its uploader's; another member cannot read, delete or send it", async () => {
    const uploaded = await json(
      await call(ada, "chat/attachments", "POST", {
        body: new Uint8Array(PNG),
        headers: { "content-type": "image/png", "x-file-name": "dot.png" },
      }),
    );
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.id as string;
    expect((await temp.db.attachment.findUniqueOrThrow({ where: { id } })).userId).toBe(ada.id);

    expect((await call(bob, "chat/attachments/[id]", "GET", { params: { id } })).status).toBe(404);
    expect((await call(bob, "chat/attachments/[id]", "DELETE", { params: { id } })).status).toBe(404);
    const own = await call(ada, "chat/attachments/[id]", "GET", { params: { id } });
    expect(Buffer.from(await own.arrayBuffer())).toEqual(PNG);

    const bobChat = (await json(await call(bob, "chat/conversations", "POST", { json: {} }))).body;
    const send = await json(
      await call(bob, "chat/conversations/[id]/messages", "POST", {
        params: { id: bobChat.id },
        json: { text: "what is this?", attachmentIds: [id] },
      }),
    );
    expect(send.status).toBe(404);
    expect((await temp.db.attachment.findUniqueOrThrow({ where: { id } })).messageId).toBeNull();

    // Another member's gallery file cannot be taken over as an attachment either.
    const adaMedia = await temp.db.media.findFirstOrThrow({ where: { taskId: "ada-1" } });
    const taken = await call(bob, "chat/attachments/from-gallery", "POST", {
      json: { mediaId: adaMedia.id },
    });
    expect(taken.status).toBe(404);
  });
});

describe("signed file links: the upstream fetches a member's reference without an account", () => {
  // As the upstream would: the link as given, no cookie, no token.
  const fetchLink = (link: string) => {
    const url = new URL(link);
    const id = decodeURIComponent(url.pathname.split("/").pop()!);
    return r["media/[id]"].GET(new Request(`${origin}${url.pathname}${url.search}`), {
      params: Promise.resolve({ id }),
    });
  };

  it("opens the one stored file it was made for, and nothing else", async () => {
    const adaMedia = await temp.db.media.findFirstOrThrow({ where: { taskId: "ada-1" } });
    const bobMedia = await temp.db.media.findFirstOrThrow({ where: { taskId: "bob-1" } });
    const { body } = await json(
      await call(ada, "gallery/items/[id]/reference", "GET", { params: { id: "ada-1" } }),
    );
    const studioCopy = JSON.stringify(body).match(/https:\/\/studio\.example\.com\/api\/media\/[^"]+/)?.[0];
    expect(studioCopy).toMatch(/\?expires=\d+&signature=[\w-]+$/);

    const opened = await fetchLink(studioCopy!);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer())).toEqual(PNG);

    // Without its signature, with a changed one, or moved to another file: sign in first.
    const unsigned = studioCopy!.split("?")[0];
    expect((await fetchLink(unsigned)).status).toBe(401);
    // A different first character (never the same one: 1 in 64 signatures starts with "A").
    const altered = studioCopy!.replace(
      /signature=(.)/,
      (_, c: string) => `signature=${c === "A" ? "B" : "A"}`,
    );
    expect((await fetchLink(altered)).status).toBe(401);
    expect((await fetchLink(studioCopy!.replace(adaMedia.id, bobMedia.id))).status).toBe(401);
    expect((await fetchLink(studioCopy!.replace(/expires=\d+/, "expires=9999999999"))).status).toBe(401);
  });
});
