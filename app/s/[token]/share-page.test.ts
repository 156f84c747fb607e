/**
 * The share page's document (app/s/[token]/route.ts), accounts on: what a guest's browser gets
 * is HTML with exactly one script — the share client named in <dist>/share-client.json, nonced
 * with the request's CSP nonce — never Next.js's runtime; a locked link mounts the password form;
 * a revoked link answers the plain 404 page.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { seedTasks } from "@/lib/gallery/testing/seed-tasks";
import { setEnv } from "@/lib/testing/env-vars";
import { createTempDb } from "@/lib/testing/temp-db";
import { GET } from "./route";
import { POST as createShare } from "../../api/shares/route";
import { DELETE as revokeShare } from "../../api/shares/[id]/route";

const origin = "http://127.0.0.1:3000";
const ASSETS = {
  js: "/_next/static/share/0123456789abcdef.js",
  css: "/_next/static/share/fedcba9876543210.css",
};

let restoreEnv: () => void;
let temp: ReturnType<typeof createTempDb>;
let ada: { id: string; headers: Headers };

async function share(body: Record<string, unknown>) {
  const headers = new Headers(ada.headers);
  headers.set("content-type", "application/json");
  const response = await createShare(
    new Request(`${origin}/api/shares`, { method: "POST", headers, body: JSON.stringify(body) }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; token: string };
}

const open = (token: string, headers: Record<string, string> = {}) =>
  GET(
    new Request(`${origin}/s/${token}`, {
      headers: {
        "x-studio-peer-address": "198.51.100.7",
        "content-security-policy": "script-src 'self' 'nonce-TESTNONCE' 'strict-dynamic'",
        ...headers,
      },
    }),
    { params: Promise.resolve({ token }) },
  );

beforeAll(async () => {
  temp = createTempDb();
  const dist = path.join(temp.dir, "dist");
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, "share-client.json"), JSON.stringify(ASSETS));
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    NEXT_DIST_DIR: dist,
    TRACKER: "0",
    AUTH: "on",
    AUTH_SECRET: "share-page-test-secret-share-page-0123456",
  });
  ada = await signedInUser("ada@example.com");
  await seedTasks(temp.db, [
    {
      id: "t1",
      userId: ada.id,
      kind: "image",
      prompt: "SECRET-RECIPE",
      request: { model: "vendors_5.0Pro", prompt: "SECRET-RECIPE" },
      media: [{ path: "results/t1-0", contentType: "image/png", size: 10, width: 4, height: 4 }],
    },
  ]);
  await temp.db.collection.create({
    data: {
      id: "c1",
      name: "Client cut",
      userId: ada.id,
      items: { create: [{ taskId: "t1", position: 1 }] },
    },
  });
});

afterAll(async () => {
  const { db } = await import("@/lib/db");
  await db().$disconnect();
  await temp?.cleanup();
  restoreEnv?.();
});

const scripts = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);

describe("the share page's document", () => {
  it("loads only the share client, nonced, not indexed, without the prompt", async () => {
    const { token } = await share({ collectionId: "c1" });
    const response = await open(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await response.text();
    expect(scripts(html)).toEqual([`<script defer src="${ASSETS.js}" nonce="TESTNONCE">`]);
    expect(html).not.toContain("/_next/static/chunks");
    expect(html).toContain(`<link rel="stylesheet" href="${ASSETS.css}">`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow, nocache">');
    expect(html).toContain(`data-token="${token}" data-state="open"`);
    expect(html).not.toContain("SECRET-RECIPE");
  });

  it("mounts the password form for a locked link and answers 404 once revoked", async () => {
    const link = await share({ collectionId: "c1", password: "open sesame" });
    expect(await (await open(link.token)).text()).toContain('data-state="locked"');
    const revoked = await revokeShare(
      new Request(`${origin}/api/shares/${link.id}`, { method: "DELETE", headers: ada.headers }),
      { params: Promise.resolve({ id: link.id }) },
    );
    expect(revoked.status).toBe(200);
    const gone = await open(link.token);
    expect(gone.status).toBe(404);
    const html = await gone.text();
    expect(html).toContain("This link was revoked");
    expect(scripts(html)).toEqual([]);
  });

  it("speaks the guest's language: Accept-Language or the switcher's cookie, its words on #share-root", async () => {
    const { token } = await share({ collectionId: "c1" });
    const english = await (await open(token)).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain("<title>Shared for review</title>");

    const chinese = await (await open(token, { "accept-language": "zh-CN,zh;q=0.9" })).text();
    expect(chinese).toContain('<html lang="zh-CN">');
    expect(chinese).toContain("<title>分享审阅</title>");
    const messages = JSON.parse(
      /data-messages="([^"]*)"/
        .exec(chinese)![1]
        .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    ) as Record<string, unknown>;
    expect(messages["downloadAll"]).toBe("全部下载");
    expect(scripts(chinese)).toHaveLength(1);

    // The cookie (the studio's switcher) wins over the header.
    const cookie = await (
      await open(token, { "accept-language": "zh-CN", cookie: "studio-locale=en" })
    ).text();
    expect(cookie).toContain('<html lang="en">');
  });

  it("says a revoked link is gone in the guest's language", async () => {
    const link = await share({ collectionId: "c1" });
    await revokeShare(
      new Request(`${origin}/api/shares/${link.id}`, { method: "DELETE", headers: ada.headers }),
      { params: Promise.resolve({ id: link.id }) },
    );
    const gone = await open(link.token, { "accept-language": "zh-CN" });
    expect(gone.status).toBe(404);
    const html = await gone.text();
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain("此链接已被吊销");
    expect(html).toContain("请向分享者索取新的链接。");
  });
});
