/**
 * Comments and approvals through the real route handlers (issue 21), accounts on: real sessions, a
 * real SQLite file. Ada owns an item in her collection; Bob sees nothing of it until she shares the
 * collection, then gets exactly the powers of his role (viewer, commenter, editor).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { seedTasks } from "@/lib/gallery/testing/seed-tasks";
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
    UPSTREAM_API_KEY: "review-test-key",
    AUTH_SECRET: "review-test-secret-review-test-secret-0123",
  });
  ada = await signedInUser("ada@example.com");
  bob = await signedInUser("bob@example.com");
  r = {
    comments: (await import("@/app/api/gallery/items/[id]/comments/route")) as Record<string, Handler>,
    comment: (await import("@/app/api/comments/[id]/route")) as Record<string, Handler>,
    approval: (await import("@/app/api/collections/[id]/items/[taskId]/approval/route")) as Record<
      string,
      Handler
    >,
  };
  await seedTasks(temp.db, [{ id: "clip", userId: ada.id, kind: "video", media: [{ durationSec: 5 }] }]);
  await temp.db.collection.create({
    data: { id: "col", name: "Cut", userId: ada.id, items: { create: [{ taskId: "clip", position: 1 }] } },
  });
});

afterAll(async () => {
  await temp?.close();
});

async function call(who: Who, name: string, method: string, params: Record<string, string>, json?: unknown) {
  const headers = new Headers(who.headers);
  if (json !== undefined) headers.set("content-type", "application/json");
  const request = new Request(`http://127.0.0.1:3000/api/${name}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const response = await r[name]![method]!(request, { params: Promise.resolve(params) });
  return { status: response.status, body: await response.json() };
}

const share = (role: string | null) =>
  role === null
    ? temp.db.collectionMember.deleteMany({ where: { userId: bob.id } })
    : temp.db.collectionMember.upsert({
        where: { collectionId_userId: { collectionId: "col", userId: bob.id } },
        create: { collectionId: "col", userId: bob.id, role },
        update: { role },
      });

describe("comments and approvals through the API", () => {
  let adaComment: string;

  it("the owner comments with a moment and a shape; markup stays the text it was", async () => {
    const body = '<script>alert("x")</script> <b>hand</b> & co';
    const posted = await call(
      ada,
      "comments",
      "POST",
      { id: "clip" },
      {
        body,
        atSeconds: 1.5,
        shape: { kind: "rect", x: 0.25, y: 0.25, w: 0.5, h: 0.5 },
      },
    );
    expect(posted.status).toBe(201);
    adaComment = posted.body.id;
    const list = await call(ada, "comments", "GET", { id: "clip" });
    expect(list.body.threads[0]).toMatchObject({
      body,
      atSeconds: 1.5,
      author: { kind: "user", name: "ada" },
    });
    const bad = await call(ada, "comments", "POST", { id: "clip" }, { body: "late", atSeconds: 9 });
    expect(bad).toMatchObject({ status: 400, body: { error: { issues: [{ path: "atSeconds" }] } } });
  });

  it("member B gets 404 for everything until the collection is shared", async () => {
    const missing = await call(bob, "comments", "GET", { id: "no-such" });
    const foreign = await call(bob, "comments", "GET", { id: "clip" });
    expect([missing.status, foreign.status]).toEqual([404, 404]);
    expect((await call(bob, "comments", "POST", { id: "clip" }, { body: "hi" })).status).toBe(404);
    expect((await call(bob, "comment", "PATCH", { id: adaComment }, { resolved: true })).status).toBe(404);
    expect((await call(bob, "comment", "DELETE", { id: adaComment })).status).toBe(404);
    expect(
      (await call(bob, "approval", "PUT", { id: "col", taskId: "clip" }, { status: "approved" })).status,
    ).toBe(404);
    expect((await call(bob, "approval", "GET", { id: "col", taskId: "clip" })).status).toBe(404);
  });

  it("a viewer reads but cannot comment or resolve", async () => {
    await share("viewer");
    const list = await call(bob, "comments", "GET", { id: "clip" });
    expect(list).toMatchObject({ status: 200, body: { canComment: false } });
    expect(list.body.threads).toHaveLength(1);
    expect((await call(bob, "comments", "POST", { id: "clip" }, { body: "hi" })).status).toBe(403);
    expect((await call(bob, "comment", "PATCH", { id: adaComment }, { resolved: true })).status).toBe(403);
  });

  it("a commenter comments and resolves but cannot approve or edit others' comments", async () => {
    await share("commenter");
    const reply = await call(
      bob,
      "comments",
      "POST",
      { id: "clip" },
      { body: "agreed", parentId: adaComment },
    );
    expect(reply).toMatchObject({ status: 201, body: { parentId: adaComment, mine: true } });
    expect((await call(bob, "comment", "PATCH", { id: adaComment }, { body: "mine now" })).status).toBe(403);
    const resolved = await call(bob, "comment", "PATCH", { id: adaComment }, { resolved: true });
    expect(resolved).toMatchObject({ status: 200, body: { resolvedBy: "bob" } });
    const approve = await call(bob, "approval", "PUT", { id: "col", taskId: "clip" }, { status: "approved" });
    expect(approve.status).toBe(403);
    expect((await call(bob, "approval", "GET", { id: "col", taskId: "clip" })).body).toMatchObject({
      status: "pending",
      canApprove: false,
    });
    expect((await call(bob, "comment", "PATCH", { id: reply.body.id }, { body: "agreed!" })).body.body).toBe(
      "agreed!",
    );
  });

  it("an editor approves; the owner sees who and when; revoking turns Bob back into a stranger", async () => {
    await share("editor");
    const put = await call(
      bob,
      "approval",
      "PUT",
      { id: "col", taskId: "clip" },
      { status: "changes_requested" },
    );
    expect(put).toMatchObject({ status: 200, body: { status: "changes_requested", by: "bob" } });
    const bad = await call(bob, "approval", "PUT", { id: "col", taskId: "clip" }, { status: "maybe" });
    expect(bad).toMatchObject({ status: 400, body: { error: { issues: [{ path: "status" }] } } });
    const seen = await call(ada, "approval", "GET", { id: "col", taskId: "clip" });
    expect(seen.body).toMatchObject({
      status: "changes_requested",
      canApprove: true,
      history: [{ status: "changes_requested", by: "bob", guest: false }],
    });
    await share(null);
    expect((await call(bob, "comments", "GET", { id: "clip" })).status).toBe(404);
  });
});
