/**
 * Share links through the real route handlers, accounts on (issue 21): a real SQLite file, real
 * sessions for the owner (Ada) and another member (Bob), real files on disk. What a token reaches
 * (only its grant: items, media files, no other /api route), what it shows (no prompt unless asked),
 * brute force of passwords and tokens (429), comments with markup (text), expired 410, revoked 404.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/components/i18n/testing/issue-words";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { seedTasks } from "@/lib/gallery/testing/seed-tasks";
import { makePng } from "@/lib/testing/media-fixtures";
import { apiTestDb, type ApiTestDb, type RouteHandler as Handler } from "@/lib/testing/api-test-db";
import { SHARE_LIMITS } from "@/lib/shares/throttle";

const origin = "http://127.0.0.1:3000";
const apiDir = path.resolve(import.meta.dirname, "..");
const SECRET = "SECRET-RECIPE-do-not-show";
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

let temp: ApiTestDb;
let ada: { id: string; headers: Headers };
let bob: { id: string; headers: Headers };
let PNG: Buffer;
let nextAddress = 1;
/** Each test's guest comes from its own address, so the address limits of one do not touch another. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

async function load(file: string): Promise<Record<string, Handler>> {
  return (await import(/* @vite-ignore */ path.join(apiDir, file))) as Record<string, Handler>;
}

async function call(
  file: string,
  method: string,
  url: string,
  options: { params?: Record<string, string>; headers?: Headers; json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(options.headers);
  let body: string | undefined;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  }
  const handler = (await load(file))[method];
  if (!handler) throw new Error(`${file} has no ${method}`);
  return handler(new Request(`${origin}${url}`, { method, headers, body }), {
    params: Promise.resolve(options.params ?? {}),
  });
}

/** A browser without an account: keeps the cookies the studio sets for it (name=value). */
function guestBrowser(address = freshAddress()) {
  const jar = new Map<string, string>();
  return {
    headers(): Headers {
      const h = new Headers({ "x-studio-peer-address": address });
      if (jar.size) h.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
      return h;
    },
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const [name, ...value] = pair.split("=");
        jar.set(name, value.join("="));
      }
      return response;
    },
    jar,
  };
}

type Guest = ReturnType<typeof guestBrowser>;

const page = async (guest: Guest, token: string) =>
  guest.keep(
    await call("s/[token]/route.ts", "GET", `/api/s/${token}`, {
      params: { token },
      headers: guest.headers(),
    }),
  );

async function share(body: Record<string, unknown>, who = ada) {
  const response = await call("shares/route.ts", "POST", "/api/shares", { headers: who.headers, json: body });
  return {
    status: response.status,
    body: (await response.json()) as { id: string; token: string; views: number },
  };
}

beforeAll(async () => {
  temp = apiTestDb({
    AUTH_SECRET: "share-links-test-secret-share-links-0123",
  });
  ada = await signedInUser("ada@example.com");
  bob = await signedInUser("bob@example.com");
  const dir = path.join(temp.dir, "media", "results");
  fs.mkdirSync(dir, { recursive: true });
  PNG = await makePng(path.join(dir, "shared-1-0"), { width: 64, height: 48 });
  for (const name of ["shared-2-0", "outside-0", "bob-1-0"]) fs.writeFileSync(path.join(dir, name), PNG);
  const item = (id: string, userId: string) => ({
    id,
    userId,
    kind: "image" as const,
    prompt: `${SECRET} ${id}`,
    request: { model: "vendors_5.0Pro", prompt: `${SECRET} ${id}`, seed: 424242 },
    media: [{ path: `results/${id}-0`, contentType: "image/png", size: PNG.length, width: 64, height: 48 }],
  });
  await seedTasks(temp.db, [
    item("shared-1", ada.id),
    item("shared-2", ada.id),
    item("outside", ada.id),
    item("bob-1", bob.id),
  ]);
  await temp.db.collection.create({
    data: {
      id: "c1",
      name: "Client cut",
      userId: ada.id,
      items: {
        create: [
          { taskId: "shared-1", position: 1 },
          { taskId: "shared-2", position: 2 },
        ],
      },
    },
  });
  await temp.db.collection.create({
    data: {
      id: "c2",
      name: "Private",
      userId: ada.id,
      items: { create: [{ taskId: "outside", position: 1 }] },
    },
  });
});

afterAll(async () => {
  await temp?.close();
});

const mediaIdOf = async (taskId: string) =>
  (await temp.db.media.findFirstOrThrow({ where: { taskId }, select: { id: true } })).id;

describe("making links", () => {
  it("needs manage power: the owner gets an unguessable token stored hashed, anyone else a 404", async () => {
    const made = await share({ collectionId: "c1" });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await temp.db.shareLink.findUniqueOrThrow({ where: { id: made.body.id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(made.body.token).digest("hex"));
    expect(row.showPrompts).toBe(false);

    expect((await share({ collectionId: "c1" }, bob)).status).toBe(404);
    expect((await share({ taskId: "shared-1" }, bob)).status).toBe(404);
    const list = await call("shares/route.ts", "GET", "/api/shares?collectionId=c1", {
      headers: bob.headers,
    });
    expect(list.status).toBe(404);
    const revoke = await call("shares/[id]/route.ts", "DELETE", `/api/shares/${made.body.id}`, {
      params: { id: made.body.id },
      headers: bob.headers,
    });
    expect(revoke.status).toBe(404);
    expect((await share({ collectionId: "c1", taskId: "shared-1" })).status).toBe(400);
  });
});

describe("what a token reaches", () => {
  it("shows only the granted items, without prompts or parameters, and counts one view per visit", async () => {
    const { body: link } = await share({ collectionId: "c1", allowComments: true });
    const guest = guestBrowser();
    const response = await page(guest, link.token);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain("SECRET-RECIPE");
    expect(text).not.toContain("424242");
    expect(text).not.toContain("vendors_5.0Pro");
    const body = JSON.parse(text) as { items: { id: string; media: { url: string }[] }[] };
    expect(body.items.map((i) => i.id)).toEqual(["shared-1", "shared-2"]);
    expect(body.items[0].media[0].url).toMatch(new RegExp(`^/api/s/${link.token}/media/`));
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.includes(`Path=/s/${link.token}`))).toBe(true);
    expect(cookies.some((c) => c.includes(`Path=/api/s/${link.token}`))).toBe(true);
    expect(cookies.every((c) => /HttpOnly/.test(c))).toBe(true);

    await page(guest, link.token);
    await page(guestBrowser(), link.token);
    const row = await temp.db.shareLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(row.views).toBe(2);
    expect(row.lastViewedAt).not.toBeNull();
  });

  it("shows prompts and parameters when the owner chose to", async () => {
    const { body: link } = await share({ taskId: "shared-1", showPrompts: true });
    const text = await (await page(guestBrowser(), link.token)).text();
    expect(text).toContain(`${SECRET} shared-1`);
    expect(text).toContain("424242");
  });

  it("serves the granted files (ranges too) and no other file; downloads only when allowed", async () => {
    const { body: link } = await share({ collectionId: "c1" });
    const guest = guestBrowser();
    const media = (file: string, mediaId: string, query = "", headers = guest.headers()) =>
      call(file, "GET", `/api/s/${link.token}/media/${mediaId}${query}`, {
        params: { token: link.token, mediaId },
        headers,
      });
    const file = "s/[token]/media/[mediaId]/route.ts";
    const granted = await media(file, await mediaIdOf("shared-1"));
    expect(granted.status).toBe(200);
    expect(Buffer.from(await granted.arrayBuffer()).equals(PNG)).toBe(true);
    const headers = guest.headers();
    headers.set("range", "bytes=0-9");
    const part = await media(file, await mediaIdOf("shared-2"), "", headers);
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(PNG.subarray(0, 10))).toBe(true);

    for (const other of ["outside", "bob-1"]) {
      const refused = await media(file, await mediaIdOf(other));
      expect(refused.status).toBe(404);
      const thumb = await media("s/[token]/media/[mediaId]/thumbnail/route.ts", await mediaIdOf(other));
      expect(thumb.status).toBe(404);
    }
    expect((await media(file, await mediaIdOf("shared-1"), "?download=1")).status).toBe(403);
    const zip = await call("s/[token]/zip/route.ts", "GET", `/api/s/${link.token}/zip`, {
      params: { token: link.token },
      headers: guest.headers(),
    });
    expect(zip.status).toBe(403);

    const { body: open } = await share({ collectionId: "c1", allowDownload: true });
    const download = await call(file, "GET", `/api/s/${open.token}/media/x?download=1`, {
      params: { token: open.token, mediaId: await mediaIdOf("shared-1") },
      headers: guest.headers(),
    });
    expect(download.status).toBe(200);
    const disposition = download.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment/);
    expect(disposition).not.toMatch(/secret/i);
  });

  it("opens no other /api route: every route file, every method, with only the link's cookies", async () => {
    const { body: link } = await share({ collectionId: "c1", allowComments: true, allowDownload: true });
    const guest = guestBrowser();
    await page(guest, link.token);
    expect(guest.jar.size).toBeGreaterThan(0);
    const files = routeFiles(apiDir).filter((f) => !f.startsWith("s/"));
    expect(files.length).toBeGreaterThan(40);
    // The studio's public routes (route-coverage.test.ts PUBLIC): health, the API description and
    // signing in or out.
    const open = new Set([
      "GET health/route.ts",
      "GET health/ready/route.ts",
      "GET health/live/route.ts",
      "GET openapi.json/route.ts",
      "GET auth/session/route.ts",
      "POST auth/login/route.ts",
      "POST auth/logout/route.ts",
      "POST auth/setup/route.ts",
      // Single sign-on's start and return: without OIDC configured a 404, and a session only from the provider.
      "POST auth/sso/route.ts",
      "GET auth/sso/callback/route.ts",
      // The interface language: a cookie for anyone, the account only for a signed-in session.
      "PUT account/locale/route.ts",
    ]);
    const answered: string[] = [];
    for (const file of files) {
      const handlers = await load(file);
      for (const method of METHODS.filter((m) => m in handlers)) {
        if (open.has(`${method} ${file}`)) continue;
        // Every dynamic segment gets an id the link does grant: the grant still opens nothing here.
        const params = Object.fromEntries(
          [...file.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map(([, name]) => [
            name,
            name === "path" ? "v1/tasks" : name === "id" ? "c1" : name === "taskId" ? "shared-1" : link.token,
          ]),
        );
        const headers = guest.headers();
        headers.set("authorization", `Bearer ${link.token}`);
        const url = `/api/${file.replace(/\/route\.ts$/, "").replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, n) => params[n])}`;
        const response = await load(file).then((h) =>
          h[method](new Request(`${origin}${url}?token=${link.token}`, { method, headers }), {
            params: Promise.resolve(
              (file.includes("[...path]") ? { path: ["v1", "tasks"] } : params) as Record<string, string>,
            ),
          }),
        );
        answered.push(`${method} ${file} ${response.status}`);
        expect([401, 404], `${method} ${file} answered ${response.status}`).toContain(response.status);
      }
    }
    expect(answered.length).toBeGreaterThan(60);
    // The public ones give nothing away either: the session is empty, the login needs a password.
    const session = await call("auth/session/route.ts", "GET", "/api/auth/session", {
      headers: guest.headers(),
    });
    expect(((await session.json()) as { user: unknown }).user).toBeNull();
  });

  it("a guest cookie or unlock from one link is worth nothing at another", async () => {
    const { body: a } = await share({ collectionId: "c1", password: "open sesame" });
    const { body: b } = await share({ collectionId: "c1", password: "open sesame" });
    const guest = guestBrowser();
    const unlock = await call("s/[token]/unlock/route.ts", "POST", `/api/s/${a.token}/unlock`, {
      params: { token: a.token },
      headers: guest.headers(),
      json: { password: "open sesame" },
    });
    expect(unlock.status).toBe(200);
    guest.keep(unlock);
    expect((await page(guest, a.token)).status).toBe(200);
    const locked = await page(guest, b.token);
    expect(locked.status).toBe(401);
    expect(((await locked.json()) as { error: { code: string } }).error.code).toBe("password_required");
  });
});

describe("brute force", () => {
  it("limits wrong passwords per link: 429 with retryAfterSeconds, then even the right one waits", async () => {
    const { body: link } = await share({ taskId: "shared-1", password: "right password" });
    const guess = (password: string, guest = guestBrowser()) =>
      call("s/[token]/unlock/route.ts", "POST", `/api/s/${link.token}/unlock`, {
        params: { token: link.token },
        headers: guest.headers(),
        json: { password },
      });
    for (let i = 0; i < SHARE_LIMITS.linkPassword.max; i++)
      expect((await guess(`wrong ${i}`)).status).toBe(401);
    const limited = await guess("wrong again");
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { error: { code: string; retryAfterSeconds: number } };
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect((await guess("right password")).status).toBe(429);
  });

  it("limits unknown tokens per address, hits included once over, other addresses unaffected", async () => {
    const { body: link } = await share({ collectionId: "c1" });
    const guesser = guestBrowser();
    for (let i = 0; i < SHARE_LIMITS.addressToken.max; i++) {
      const token = `${"x".repeat(40)}${String(i).padStart(3, "0")}`;
      expect((await page(guesser, token)).status).toBe(404);
    }
    const limited = await page(guesser, "y".repeat(43));
    expect(limited.status).toBe(429);
    expect((await page(guesser, link.token)).status).toBe(429);
    expect((await page(guestBrowser(), link.token)).status).toBe(200);
  });
});

describe("comments and approvals through a link", () => {
  it("keeps markup as text, needs a name, reaches only granted items, approves in the collection", async () => {
    const { body: link } = await share({ collectionId: "c1", allowComments: true });
    const guest = guestBrowser();
    await page(guest, link.token);
    const comments = (taskId: string, method: "GET" | "POST", json?: unknown) =>
      call(
        "s/[token]/items/[taskId]/comments/route.ts",
        method,
        `/api/s/${link.token}/items/${taskId}/comments`,
        {
          params: { token: link.token, taskId },
          headers: guest.headers(),
          json,
        },
      );
    const markup = `<img src=x onerror=alert(1)><b>bold</b>`;
    const nameless = await comments("shared-1", "POST", { body: markup });
    expect(nameless.status).toBe(400);
    guest.keep(
      await call("s/[token]/guest/route.ts", "PUT", `/api/s/${link.token}/guest`, {
        params: { token: link.token },
        headers: guest.headers(),
        json: { name: "<i>Gina</i>" },
      }),
    );
    const posted = await comments("shared-1", "POST", { body: markup, atSeconds: null });
    expect(posted.status).toBe(201);
    const listed = await comments("shared-1", "GET");
    expect(listed.headers.get("content-type")).toMatch(/^application\/json/);
    const threads = (
      (await listed.json()) as { threads: { body: string; author: { name: string; kind: string } }[] }
    ).threads;
    expect(threads[0].body).toBe(markup);
    expect(threads[0].author).toEqual({ kind: "guest", name: "<i>Gina</i>" });

    expect((await comments("outside", "POST", { body: "hi" })).status).toBe(404);
    // The composer's name field comes with the comment: a new guest is named and remembered.
    const newcomer = guestBrowser();
    await page(newcomer, link.token);
    const first = await call("s/[token]/items/[taskId]/comments/route.ts", "POST", "/x", {
      params: { token: link.token, taskId: "shared-2" },
      headers: newcomer.headers(),
      json: { body: "second take", guestName: "Noor" },
    });
    expect(first.status).toBe(201);
    newcomer.keep(first);
    const again = await call("s/[token]/items/[taskId]/comments/route.ts", "POST", "/x", {
      params: { token: link.token, taskId: "shared-2" },
      headers: newcomer.headers(),
      json: { body: "and again" },
    });
    expect(((await again.json()) as { author: { name: string } }).author.name).toBe("Noor");
    expect((await comments("bob-1", "GET")).status).toBe(404);

    const approve = (taskId: string, who = guest) =>
      call(
        "s/[token]/items/[taskId]/approval/route.ts",
        "PUT",
        `/api/s/${link.token}/items/${taskId}/approval`,
        {
          params: { token: link.token, taskId },
          headers: who.headers(),
          json: { status: "approved" },
        },
      );
    expect((await approve("shared-2")).status).toBe(200);
    const item = await temp.db.collectionItem.findUniqueOrThrow({
      where: { collectionId_taskId: { collectionId: "c1", taskId: "shared-2" } },
    });
    expect(item.approval).toBe("approved");
    expect((await approve("outside")).status).toBe(404);

    const { body: viewOnly } = await share({ collectionId: "c1" });
    const viewer = guestBrowser();
    await page(viewer, viewOnly.token);
    const refused = await call("s/[token]/items/[taskId]/comments/route.ts", "POST", "/x", {
      params: { token: viewOnly.token, taskId: "shared-1" },
      headers: viewer.headers(),
      json: { body: "hello" },
    });
    expect(refused.status).toBe(403);
  });
});

describe("expired and revoked", () => {
  it("answers 410 once expired and 404 'revoked' once revoked, on the API and the page", async () => {
    const { body: link } = await share({
      collectionId: "c1",
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await page(guestBrowser(), link.token)).status).toBe(200);
    await temp.db.shareLink.update({
      where: { id: link.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await page(guestBrowser(), link.token);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { error: { code: string } }).error.code).toBe("link_expired");
    const { shareGonePage } = await import("@/lib/shares/gone-page");
    const { db } = await import("@/lib/db");
    const expiredPage = await shareGonePage(db(), link.token, guestBrowser().headers());
    expect(expiredPage?.status).toBe(410);
    expect(await expiredPage?.text()).toContain("This link has expired");

    const { body: other } = await share({ collectionId: "c1" });
    const guest = guestBrowser();
    expect((await page(guest, other.token)).status).toBe(200);
    const revoked = await call("shares/[id]/route.ts", "DELETE", `/api/shares/${other.id}`, {
      params: { id: other.id },
      headers: ada.headers,
    });
    expect(revoked.status).toBe(200);
    const after = await page(guest, other.token);
    expect(after.status).toBe(404);
    expect(((await after.json()) as { error: { message: string } }).error.message).toBe(
      "This link was revoked.",
    );
    const revokedPage = await shareGonePage(db(), other.token, guest.headers());
    expect(revokedPage?.status).toBe(404);
    expect(await revokedPage?.text()).toContain("This link was revoked");

    const list = await call("shares/route.ts", "GET", "/api/shares?collectionId=c1", {
      headers: ada.headers,
    });
    const links = ((await list.json()) as { links: { id: string; state: string; views: number }[] }).links;
    expect(links.find((l) => l.id === other.id)).toMatchObject({ state: "revoked", views: 1 });
    expect(links.find((l) => l.id === link.id)).toMatchObject({ state: "expired" });
  });
});

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [path.relative(apiDir, full)] : [];
  });
}

describe("refusals name their rule by code, worded on a Chinese page", () => {
  type Issue = { path: string; message: string; code: string; params: Record<string, unknown> };
  const issuesOf = async (response: Response, status = 400) => {
    expect(response.status).toBe(status);
    return ((await response.json()) as { error: { issues: Issue[] } }).error.issues;
  };
  const made = (body: Record<string, unknown>) =>
    call("shares/route.ts", "POST", "/api/shares", { headers: ada.headers, json: body });

  it("a link to two things, or expiring in the past or on no date", async () => {
    const [both] = await issuesOf(await made({ collectionId: "c1", taskId: "shared-1" }));
    expect(both).toMatchObject({
      path: "collectionId",
      code: "exactly_one_of",
      params: { fields: ["collectionId", "taskId"] },
    });
    expect(inChinese(both)).toBe("collectionId、taskId 须且只能给出其中一项");
    const [past] = await issuesOf(await made({ collectionId: "c1", expiresAt: "2020-01-01T00:00:00Z" }));
    expect(past).toMatchObject({ path: "expiresAt", code: "future" });
    expect(inChinese(past, "过期时间")).toBe("过期时间须为将来的时间");
    const [garbled] = await issuesOf(await made({ collectionId: "c1", expiresAt: "next week" }));
    expect(garbled).toMatchObject({
      path: "expiresAt",
      code: "invalid_format",
      params: { format: "datetime" },
    });
    const [short] = await issuesOf(await made({ collectionId: "c1", password: "abc" }));
    expect(short).toMatchObject({ path: "password", code: "too_short", params: { min: 6 } });
    expect(inChinese(short)).toBe("至少需要 6 个字符");
  });

  it("a wrong password, and a guest's verdict or comment without a name", async () => {
    const { body: locked } = await share({ taskId: "shared-1", password: "right password" });
    const [wrong] = await issuesOf(
      await call("s/[token]/unlock/route.ts", "POST", `/api/s/${locked.token}/unlock`, {
        params: { token: locked.token },
        headers: guestBrowser().headers(),
        json: { password: "wrong password" },
      }),
      401,
    );
    expect(wrong).toMatchObject({ path: "password", code: "wrong_password" });
    expect(inChinese(wrong, "密码")).toBe("密码不正确");

    const { body: link } = await share({ collectionId: "c1", allowComments: true });
    const guest = guestBrowser();
    await page(guest, link.token);
    const [verdict] = await issuesOf(
      await call("s/[token]/items/[taskId]/approval/route.ts", "PUT", "/x", {
        params: { token: link.token, taskId: "shared-1" },
        headers: guest.headers(),
        json: { status: "approved" },
      }),
    );
    expect(verdict).toMatchObject({ path: "guestName", code: "required" });
    expect(inChinese(verdict, "你的名字")).toBe("你的名字为必填项");
    const [nameless] = await issuesOf(
      await call("s/[token]/items/[taskId]/comments/route.ts", "POST", "/x", {
        params: { token: link.token, taskId: "shared-1" },
        headers: guest.headers(),
        json: { body: "hello" },
      }),
    );
    expect(nameless).toMatchObject({ path: "guestName", code: "empty" });
    expect(inChinese(nameless, "你的名字")).toBe("你的名字不能为空");
  });
});
