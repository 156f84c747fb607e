/**
 * Comments and approvals through the real route handlers (issue 21), accounts on: real sessions, a
 * real SQLite file. Ada owns an item in her collection; Bob sees nothing of it until she shares the
 * collection, then gets exactly the powers of his role (viewer, commenter, editor).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/components/i18n/testing/issue-words";
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
  await seedTasks(temp.db, [
    { id: "clip", userId: ada.id, kind: "video", media: [{ durationSec: 5 }] },
    { id: "still", userId: ada.id, kind: "image" },
  ]);
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

describe("a comment's refused moment or shape, by code", () => {
  const refused = async (taskId: string, json: unknown) => {
    const answer = await call(ada, "comments", "POST", { id: taskId }, json);
    expect(answer.status).toBe(400);
    return answer.body.error.issues as {
      path: string;
      message: string;
      code: string;
      params: Record<string, unknown>;
    }[];
  };

  it("a moment past the video's end or on an image", async () => {
    const [late] = await refused("clip", { body: "late", atSeconds: 9 });
    expect(late).toMatchObject({ path: "atSeconds", code: "moment_after_end", params: { duration: 5 } });
    expect(inChinese(late, "时间点")).toBe("时间点不能超过视频的结尾（5 秒）");
    const [still] = await refused("still", { body: "when?", atSeconds: 1 });
    expect(still).toMatchObject({ path: "atSeconds", code: "moment_needs_video" });
    expect(inChinese(still)).toBe("只有视频才有时间点；图片请发送 null 或不填");
  });

  it("a shape with no size or past the frame's edge, of an unknown kind, or on a reply", async () => {
    const flat = await refused("clip", { body: "b", shape: { kind: "rect", x: 0.5, y: 0.1, w: 0, h: 0.95 } });
    expect(flat).toMatchObject([
      { path: "shape.w", code: "greater_than", params: { value: 0 } },
      { path: "shape.h", code: "shape_edge", params: { edge: "bottom" } },
    ]);
    expect(flat.map((issue) => inChinese(issue))).toEqual(["须大于 0", "y + h 不能超出画面下边缘（1）"]);
    const [wide] = await refused("clip", {
      body: "b",
      shape: { kind: "rect", x: 0.5, y: 0, w: 0.6, h: 0.5 },
    });
    expect(wide).toMatchObject({ path: "shape.w", code: "shape_edge", params: { edge: "right" } });
    expect(inChinese(wide)).toBe("x + w 不能超出画面右边缘（1）");
    const [circle] = await refused("clip", { body: "b", shape: { kind: "circle", x: 0, y: 0 } });
    expect(circle).toMatchObject({
      path: "shape.kind",
      code: "not_one_of",
      params: { allowed: ["rect", "point"] },
    });

    const [reply] = await refused("clip", { body: "re", parentId: "any", atSeconds: 1 });
    expect(reply).toMatchObject({ path: "atSeconds", code: "reply_no_anchor" });
    expect(inChinese(reply)).toBe("回复不能带时间点或标记区域");
  });
});
