/**
 * The collections API through its real route handlers, with accounts on: a real SQLite file (or
 * PostgreSQL in the second run), real sessions. Member B gets 404 for member A's collection until
 * it is shared; each role's powers hold; revoking answers 404 on the very next request, media
 * files included; the zip of approved items holds those items and their params.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/components/i18n/testing/issue-words";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { seedTasks } from "@/lib/gallery/testing/seed-tasks";
import { makePng } from "@/lib/testing/media-fixtures";
import {
  apiTestDb,
  type ApiTestDb,
  type RouteHandler as Handler,
  type SignedIn as Who,
} from "@/lib/testing/api-test-db";

let temp: ApiTestDb;
let ada: Who;
let bob: Who;
let r: Record<string, Record<string, Handler>>;

beforeAll(async () => {
  temp = apiTestDb({
    UPSTREAM_BASE_URL: "http://127.0.0.1:9",
    UPSTREAM_LLM_BASE_URL: "http://127.0.0.1:9",
    UPSTREAM_API_KEY: "collections-test-key",
    AUTH_SECRET: "collections-test-secret-collections-0123",
    PUBLIC_BASE_URL: "https://studio.example.com",
  });
  await signedInUser("admin@example.com", "admin");
  ada = await signedInUser("ada@example.com");
  bob = await signedInUser("bob@example.com");
  const modules: Record<string, () => Promise<Record<string, unknown>>> = {
    collections: () => import("@/app/api/collections/route"),
    "collections/[id]": () => import("@/app/api/collections/[id]/route"),
    "collections/[id]/items": () => import("@/app/api/collections/[id]/items/route"),
    "collections/[id]/items/[taskId]": () => import("@/app/api/collections/[id]/items/[taskId]/route"),
    "collections/[id]/items/order": () => import("@/app/api/collections/[id]/items/order/route"),
    "collections/[id]/members": () => import("@/app/api/collections/[id]/members/route"),
    "collections/[id]/members/[userId]": () => import("@/app/api/collections/[id]/members/[userId]/route"),
    "collections/[id]/zip": () => import("@/app/api/collections/[id]/zip/route"),
    "media/[id]": () => import("@/app/api/media/[id]/route"),
    "gallery/items/[id]/download": () => import("@/app/api/gallery/items/[id]/download/route"),
  };
  r = Object.fromEntries(
    await Promise.all(
      Object.entries(modules).map(async ([k, load]) => [k, (await load()) as Record<string, Handler>]),
    ),
  );
  const mediaDir = path.join(temp.dir, "media", "results");
  fs.mkdirSync(mediaDir, { recursive: true });
  const png = await makePng(path.join(mediaDir, "ada-0-0"), { width: 32, height: 24 });
  for (const i of [1, 2]) fs.writeFileSync(path.join(mediaDir, `ada-${i}-0`), png);
  await seedTasks(
    temp.db,
    [0, 1, 2].map((i) => ({
      id: `ada-${i}`,
      userId: ada.id,
      kind: "image" as const,
      prompt: `ada prompt ${i}`,
      media: [{ path: `results/ada-${i}-0`, contentType: "image/png", size: png.length }],
    })),
  );
  await seedTasks(temp.db, [{ id: "bob-0", userId: bob.id }]);
});

afterAll(async () => {
  await temp?.close();
});

async function call(
  who: Who,
  name: string,
  method: string,
  options: { params?: Record<string, string>; query?: string; json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(who.headers);
  let body: string | undefined;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  }
  let url = `https://studio.example.com/api/${name}`;
  for (const [k, v] of Object.entries(options.params ?? {})) url = url.replace(`[${k}]`, v);
  return r[name][method](
    new Request(`${url}${options.query ? `?${options.query}` : ""}`, { method, headers, body }),
    {
      params: Promise.resolve(options.params ?? {}),
    },
  );
}
const json = async (response: Response) => ({ status: response.status, body: await response.json() });

describe("/api/collections", () => {
  let id: string;
  let mediaId: string;

  it("creates a collection from items and lists it for its owner only", async () => {
    const created = await json(
      await call(ada, "collections", "POST", {
        json: { name: "For the client", taskIds: ["ada-0", "ada-1", "ada-2"] },
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "For the client", itemCount: 3, power: "owner" });
    expect(created.body.progress).toEqual({
      pending: 3,
      approved: 0,
      changes_requested: 0,
      rejected: 0,
      total: 3,
    });
    id = created.body.id;
    expect(
      (await json(await call(ada, "collections", "GET"))).body.collections.map((c: { id: string }) => c.id),
    ).toEqual([id]);
    expect((await json(await call(bob, "collections", "GET"))).body.collections).toEqual([]);
    const bad = await json(await call(ada, "collections", "POST", { json: { name: "" } }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues[0].path).toBe("name");
  });

  it("answers 404 to member B on every route until it is shared", async () => {
    const page = await json(await call(ada, "collections/[id]/items", "GET", { params: { id } }));
    mediaId = page.body.items[0].media[0].id;
    const p = { id };
    const attempts: Promise<Response>[] = [
      call(bob, "collections/[id]", "GET", { params: p }),
      call(bob, "collections/[id]", "PATCH", { params: p, json: { name: "mine now" } }),
      call(bob, "collections/[id]", "DELETE", { params: p }),
      call(bob, "collections/[id]/items", "GET", { params: p }),
      call(bob, "collections/[id]/items", "POST", { params: p, json: { taskIds: ["bob-0"] } }),
      call(bob, "collections/[id]/items", "DELETE", { params: p, json: { taskIds: ["ada-0"] } }),
      call(bob, "collections/[id]/items/[taskId]", "GET", { params: { id, taskId: "ada-0" } }),
      call(bob, "collections/[id]/items/order", "POST", {
        params: p,
        json: { taskId: "ada-0", before: null },
      }),
      call(bob, "collections/[id]/members", "GET", { params: p }),
      call(bob, "collections/[id]/members", "POST", { params: p, json: { userId: bob.id, role: "editor" } }),
      call(bob, "collections/[id]/zip", "GET", { params: p }),
      call(bob, "media/[id]", "GET", { params: { id: mediaId } }),
      call(bob, "gallery/items/[id]/download", "GET", { params: { id: "ada-0" } }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect(await temp.db.collection.count({ where: { id, name: "For the client" } })).toBe(1);
  });

  it("shares as viewer, then editor; revoking answers 404 on the next request", async () => {
    const shared = await call(ada, "collections/[id]/members", "POST", {
      params: { id },
      json: { email: "bob@example.com", role: "viewer" },
    });
    expect(shared.status).toBe(201);
    const listed = (await json(await call(bob, "collections", "GET"))).body.collections;
    expect(listed).toMatchObject([{ id, power: "viewer", itemCount: 3 }]);
    const items = await json(await call(bob, "collections/[id]/items", "GET", { params: { id } }));
    expect(items.body.items.map((i: { id: string }) => i.id)).toEqual(["ada-0", "ada-1", "ada-2"]);
    expect((await call(bob, "media/[id]", "GET", { params: { id: mediaId } })).status).toBe(200);
    const detail = await json(
      await call(bob, "collections/[id]/items/[taskId]", "GET", { params: { id, taskId: "ada-1" } }),
    );
    expect(detail.body).toMatchObject({
      id: "ada-1",
      prevId: "ada-0",
      nextId: "ada-2",
      power: "viewer",
      approval: "pending",
    });

    const refused = await json(
      await call(bob, "collections/[id]/items/order", "POST", {
        params: { id },
        json: { taskId: "ada-0", step: 1 },
      }),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/viewer/);

    await call(ada, "collections/[id]/members/[userId]", "PATCH", {
      params: { id, userId: bob.id },
      json: { role: "editor" },
    });
    const moved = await json(
      await call(bob, "collections/[id]/items/order", "POST", {
        params: { id },
        json: { taskId: "ada-0", step: 1 },
      }),
    );
    expect(moved.body.order).toEqual(["ada-1", "ada-0", "ada-2"]);
    expect((await call(bob, "collections/[id]", "DELETE", { params: { id } })).status).toBe(403);

    const revoked = await call(ada, "collections/[id]/members/[userId]", "DELETE", {
      params: { id, userId: bob.id },
    });
    expect(revoked.status).toBe(204);
    expect((await call(bob, "collections/[id]/items", "GET", { params: { id } })).status).toBe(404);
    expect((await call(bob, "media/[id]", "GET", { params: { id: mediaId } })).status).toBe(404);
    expect((await json(await call(bob, "collections", "GET"))).body.collections).toEqual([]);
  });

  it("filters by approval and zips the approved items with their params", async () => {
    await temp.db.collectionItem.update({
      where: { collectionId_taskId: { collectionId: id, taskId: "ada-2" } },
      data: { approval: "approved" },
    });
    const page = await json(
      await call(ada, "collections/[id]/items", "GET", { params: { id }, query: "approval=approved" }),
    );
    expect(page.body.items.map((i: { id: string }) => i.id)).toEqual(["ada-2"]);
    expect(
      (await call(ada, "collections/[id]/items", "GET", { params: { id }, query: "approval=yes" })).status,
    ).toBe(400);

    const zip = await call(ada, "collections/[id]/zip", "GET", { params: { id }, query: "approved=1" });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-disposition")).toMatch(/For-the-client_approved/);
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const text = bytes.toString("latin1");
    expect(text).toContain("params.json");
    expect(text).toContain('"prompt": "ada prompt 2"');
    expect(text).not.toContain("ada prompt 0");
  });

  it("removes items and deletes the collection, leaving the gallery items", async () => {
    const removed = await json(
      await call(ada, "collections/[id]/items", "DELETE", { params: { id }, json: { taskIds: ["ada-0"] } }),
    );
    expect(removed.body).toEqual({ removed: 1 });
    expect((await call(ada, "collections/[id]", "DELETE", { params: { id } })).status).toBe(204);
    expect((await call(ada, "collections/[id]", "GET", { params: { id } })).status).toBe(404);
    expect(await temp.db.task.count({ where: { userId: ada.id } })).toBe(3);
  });
});

describe("refusals name their rule by code, worded on a Chinese page", () => {
  let id: string;
  type Issue = { path: string; message: string; code: string; params: Record<string, unknown> };
  const issueOf = async (response: Response): Promise<Issue> => {
    const { status, body } = await json(response);
    expect(status).toBe(400);
    expect(body.error.issues).toHaveLength(1);
    return body.error.issues[0];
  };

  it("a change that changes nothing, a cover or a move outside the collection", async () => {
    id = (await json(await call(ada, "collections", "POST", { json: { name: "Rules", taskIds: ["ada-0"] } })))
      .body.id;
    const nothing = await issueOf(await call(ada, "collections/[id]", "PATCH", { params: { id }, json: {} }));
    expect(nothing).toMatchObject({
      code: "at_least_one_of",
      params: { fields: ["name", "description", "coverTaskId"] },
    });
    expect(inChinese(nothing)).toBe("至少要给出 name、description、coverTaskId 中的一项");

    const cover = await issueOf(
      await call(ada, "collections/[id]", "PATCH", { params: { id }, json: { coverTaskId: "ada-1" } }),
    );
    expect(cover).toMatchObject({ path: "coverTaskId", code: "not_in_collection" });
    expect(inChinese(cover)).toBe("须为此合集中的作品");
    const move = await issueOf(
      await call(ada, "collections/[id]/items/order", "POST", {
        params: { id },
        json: { taskId: "ada-0", before: "ada-2" },
      }),
    );
    expect(move).toMatchObject({ path: "before", code: "not_in_collection" });
    const shapeless = await issueOf(
      await call(ada, "collections/[id]/items/order", "POST", {
        params: { id },
        json: { taskId: "ada-0", step: 2 },
      }),
    );
    expect(shapeless).toMatchObject({ code: "no_matching_shape" });
    expect(inChinese(shapeless)).toBe("不符合此请求接受的任何格式");
  });

  it("a member named twice or the owner as a member", async () => {
    const both = await issueOf(
      await call(ada, "collections/[id]/members", "POST", {
        params: { id },
        json: { email: "bob@example.com", userId: bob.id, role: "viewer" },
      }),
    );
    expect(both).toMatchObject({
      path: "email",
      code: "exactly_one_of",
      params: { fields: ["email", "userId"] },
    });
    expect(inChinese(both)).toBe("email、userId 须且只能给出其中一项");
    const owner = await issueOf(
      await call(ada, "collections/[id]/members", "POST", {
        params: { id },
        json: { email: "ada@example.com", role: "viewer" },
      }),
    );
    expect(owner).toMatchObject({ path: "email", code: "collection_owner" });
    expect(inChinese(owner, "电子邮箱")).toBe("电子邮箱是该合集的所有者");
    const role = await issueOf(
      await call(ada, "collections/[id]/members", "POST", {
        params: { id },
        json: { email: "bob@example.com", role: "boss" },
      }),
    );
    expect(role).toMatchObject({
      code: "not_one_of",
      params: { allowed: ["viewer", "commenter", "editor"] },
    });
  });

  it("an approval filter or a cursor the API does not know", async () => {
    const approval = await issueOf(
      await call(ada, "collections/[id]/items", "GET", { params: { id }, query: "approval=yes" }),
    );
    expect(approval).toMatchObject({
      path: "approval",
      code: "not_one_of",
      params: { allowed: ["pending", "approved", "changes_requested", "rejected"] },
    });
    expect(inChinese(approval)).toBe("须为 pending、approved、changes_requested、rejected 之一");
    const cursor = await issueOf(
      await call(ada, "collections/[id]/items", "GET", { params: { id }, query: "cursor=nonsense" }),
    );
    expect(cursor).toMatchObject({ path: "cursor", code: "not_a_cursor" });
    expect(inChinese(cursor)).toBe("不是此 API 返回的游标");
  });
});
