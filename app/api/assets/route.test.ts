/**
 * The asset registry through its real route handlers, with accounts on: a real SQLite file, real
 * sessions, preview URLs served by a real local HTTP listener, and the standalone sandbox as the
 * asset upload endpoint over HTTP (ASSET_UPLOAD_URL).
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/components/i18n/testing/issue-words";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox";
import { makePng } from "@/lib/testing/media-fixtures";
import { setEnv } from "@/lib/testing/env-vars";
import { createTempDb } from "@/lib/testing/temp-db";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Who = { id: string; headers: Headers };

const origin = "http://127.0.0.1:3000";
let temp: ReturnType<typeof createTempDb>;
let sandbox: SandboxServer;
let files: http.Server;
let filesUrl: string;
let restoreEnv: () => void;
let PNG: Buffer;
let ada: Who;
let bob: Who;
let admin: Who;
let r: Record<string, Record<string, Handler>>;

beforeAll(async () => {
  temp = createTempDb();
  PNG = await makePng(path.join(temp.dir, "preview.png"), { width: 320, height: 240, label: "asset" });
  // The "public" file host: only its /public/ path is allowed (FETCH_ALLOW_PRIVATE), like a CDN.
  files = http.createServer((req, res) => {
    if (req.url === "/public/frame.png") {
      res.writeHead(200, { "Content-Type": "image/png", "Content-Length": PNG.length });
      res.end(PNG);
    } else if (req.url === "/public/missing.png") {
      res.writeHead(404);
      res.end();
    } else if (req.url === "/public/huge.png") {
      // Declares more than an image asset may be; the studio stops at the header.
      res.writeHead(200, { "Content-Type": "image/png", "Content-Length": 64 * 1024 ** 2 });
      res.end(PNG);
    } else if (req.url === "/public/page.html") {
      res.writeHead(200, { "Content-Type": "image/png" });
      res.end("<!doctype html><html><body>not an image</body></html>");
    } else {
      res.writeHead(200, { "Content-Type": "image/png" });
      res.end(PNG);
    }
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  sandbox = await startSandboxServer({ port: 0, cacheDir: path.join(temp.dir, "sandbox-cache") });
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_LLM_BASE_URL: sandbox.url,
    UPSTREAM_API_KEY: "assets-test-key",
    ASSET_UPLOAD_URL: `${sandbox.url}/assets/upload`,
    FETCH_ALLOW_PRIVATE: `${filesUrl}/public`,
    TRACKER: "0",
    AUTH: "on",
    AUTH_SECRET: "assets-test-secret-assets-test-secret-0123",
  });
  const person = signedInUser;
  admin = await person("admin@example.com", "admin");
  ada = await person("ada@example.com", "member");
  bob = await person("bob@example.com", "member");
  r = {
    assets: (await import("@/app/api/assets/route")) as unknown as Record<string, Handler>,
    upload: (await import("@/app/api/assets/upload/route")) as unknown as Record<string, Handler>,
    one: (await import("@/app/api/assets/[id]/route")) as unknown as Record<string, Handler>,
    preview: (await import("@/app/api/assets/[id]/preview/route")) as unknown as Record<string, Handler>,
  };
});

afterAll(async () => {
  const { db } = await import("@/lib/db");
  await db().$disconnect();
  await sandbox?.close();
  await new Promise((resolve) => files?.close(resolve));
  await temp?.cleanup();
  restoreEnv?.();
});

async function call(
  who: Who,
  name: keyof typeof r & string,
  method: string,
  options: {
    id?: string;
    query?: string;
    json?: unknown;
    form?: FormData;
    headers?: Record<string, string>;
  } = {},
) {
  const headers = new Headers(who.headers);
  for (const [k, v] of Object.entries(options.headers ?? {})) headers.set(k, v);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const paths: Record<string, string> = {
    assets: "/api/assets",
    upload: "/api/assets/upload",
    one: `/api/assets/${options.id}`,
    preview: `/api/assets/${options.id}/preview`,
  };
  const request = new Request(`${origin}${paths[name]}${options.query ?? ""}`, { method, headers, body });
  const response = await r[name][method](request, { params: Promise.resolve({ id: options.id ?? "" }) });
  const text = await response.clone().text();
  return {
    response,
    status: response.status,
    json: text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null,
  };
}

const record = (who: Who, json: Record<string, unknown>) => call(who, "assets", "POST", { json });

describe("asset registry API", () => {
  it("records an asset, lists it by kind and answers its reference", async () => {
    const made = await record(ada, {
      assetId: " ast-001 ",
      label: "Hero shot",
      kind: "image",
      reviewState: "passed",
    });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      assetId: "ast-001",
      reference: "assetId://ast-001",
      label: "Hero shot",
      kind: "image",
      reviewState: "passed",
      origin: "recorded",
      previewUrl: null,
    });
    await record(ada, { assetId: "assetId://voice-7", label: "Voice", kind: "audio" });
    const images = await call(ada, "assets", "GET", { query: "?kind=image" });
    expect(images.json.assets.map((a: { assetId: string }) => a.assetId)).toEqual(["ast-001"]);
    const all = await call(ada, "assets", "GET");
    // A pasted full reference is unwrapped; the review state defaults to unknown.
    expect(all.json.assets).toEqual(
      expect.arrayContaining([expect.objectContaining({ assetId: "voice-7", reviewState: "unknown" })]),
    );
  });

  it("names the field and the rule for a bad asset id", async () => {
    for (const [assetId, rule, code, chinese] of [
      ["", "must not be empty", "empty", "不能为空"],
      ["two words", 'must not contain whitespace or "/"', "no_whitespace_or_slash", "不能包含空白字符或“/”"],
      ["a/b", 'must not contain whitespace or "/"', "no_whitespace_or_slash", "不能包含空白字符或“/”"],
    ]) {
      const bad = await record(ada, { assetId, label: "x", kind: "image" });
      expect(bad.status).toBe(400);
      expect(bad.json.error.message).toContain(`assetId: ${rule}`);
      expect(bad.json.error.issues[0]).toMatchObject({ path: "assetId", code });
      expect(inChinese(bad.json.error.issues[0])).toBe(chinese);
    }
    const kind = await record(ada, { assetId: "k1", label: "x", kind: "document" });
    expect(kind.json.error.message).toContain("kind: must be image, video or audio");
    expect(kind.json.error.issues[0]).toMatchObject({
      code: "not_one_of",
      params: { allowed: ["image", "video", "audio"] },
    });
    const ftp = await record(ada, { assetId: "k2", label: "x", kind: "image", previewUrl: "ftp://x/a.png" });
    expect(ftp.json.error.issues[0]).toMatchObject({
      path: "previewUrl",
      code: "media_not_url",
      params: { accepts: "url" },
    });
    expect(inChinese(ftp.json.error.issues[0])).toBe("须为公开的 http(s) URL");
  });

  it("keeps asset ids unique per owner, with a clear error, and lets another user record the same id", async () => {
    await record(ada, { assetId: "dup-1", label: "First", kind: "video" });
    const again = await record(ada, { assetId: "dup-1", label: "Second", kind: "video" });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toContain('you already recorded "dup-1" (as "First")');
    expect(again.json.error.issues).toMatchObject([
      { path: "assetId", message: "is already in your registry", code: "asset_already_recorded" },
    ]);
    expect(inChinese(again.json.error.issues[0], "素材 ID")).toBe("素材 ID已在你的素材库中");
    expect((await record(bob, { assetId: "dup-1", label: "Bob's", kind: "video" })).status).toBe(201);
  });

  it("scopes assets to their owner: another member gets 404 for every operation, admins see all", async () => {
    const made = await record(ada, { assetId: "private-1", label: "Ada only", kind: "image" });
    const id = made.json.id as string;
    const bobList = await call(bob, "assets", "GET");
    expect(bobList.json.assets.map((a: { assetId: string }) => a.assetId)).not.toContain("private-1");
    expect((await call(bob, "one", "PATCH", { id, json: { reviewState: "rejected" } })).status).toBe(404);
    expect((await call(bob, "one", "DELETE", { id })).status).toBe(404);
    expect((await call(bob, "preview", "GET", { id })).status).toBe(404);
    const adminList = await call(admin, "assets", "GET");
    expect(adminList.json.assets.map((a: { assetId: string }) => a.assetId)).toContain("private-1");
    const still = await call(ada, "assets", "GET");
    expect(still.json.assets.find((a: { id: string }) => a.id === id).reviewState).toBe("unknown");
  });

  it("updates the review state, label and notes, and deletes", async () => {
    const made = await record(ada, {
      assetId: "rev-1",
      label: "Review me",
      kind: "image",
      reviewState: "pending",
    });
    const id = made.json.id as string;
    const passed = await call(ada, "one", "PATCH", {
      id,
      json: { reviewState: "passed", notes: "ok on 23 Nov" },
    });
    expect(passed.status).toBe(200);
    expect(passed.json).toMatchObject({ reviewState: "passed", notes: "ok on 23 Nov", label: "Review me" });
    const bad = await call(ada, "one", "PATCH", { id, json: { reviewState: "approved" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain("reviewState: must be pending, passed, rejected or unknown");
    const nothing = await call(ada, "one", "PATCH", { id, json: {} });
    expect(nothing.json.error.issues[0]).toMatchObject({
      code: "at_least_one_of",
      params: { fields: ["label", "reviewState", "notes"] },
    });
    expect(inChinese(nothing.json.error.issues[0])).toBe("至少要给出 label、reviewState、notes 中的一项");
    expect((await call(ada, "one", "DELETE", { id })).status).toBe(204);
    expect((await call(ada, "one", "PATCH", { id, json: { label: "gone" } })).status).toBe(404);
  });

  it("fetches a preview from a public URL and serves it with byte ranges", async () => {
    const made = await record(ada, {
      assetId: "pv-1",
      label: "From URL",
      kind: "image",
      previewUrl: `${filesUrl}/public/frame.png`,
    });
    expect(made.status).toBe(201);
    expect(made.json.previewUrl).toBe(`/api/assets/${made.json.id}/preview`);
    expect(made.json.previewSource).toBe(`${filesUrl}/public/frame.png`);
    const full = await call(ada, "preview", "GET", { id: made.json.id });
    expect(full.status).toBe(200);
    expect(full.response.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await full.response.arrayBuffer()).equals(PNG)).toBe(true);
    const part = await call(ada, "preview", "GET", { id: made.json.id, headers: { Range: "bytes=0-7" } });
    expect(part.status).toBe(206);
    expect(part.response.headers.get("content-range")).toBe(`bytes 0-7/${PNG.length}`);
    expect(Buffer.from(await part.response.arrayBuffer()).equals(PNG.subarray(0, 8))).toBe(true);
  });

  it("refuses a preview URL on a private address and one that is not media, recording nothing", async () => {
    const privateUrl = await record(ada, {
      assetId: "pv-private",
      label: "Internal",
      kind: "image",
      previewUrl: `${filesUrl}/internal/secret.png`,
    });
    expect(privateUrl.status).toBe(400);
    expect(privateUrl.json.error.message).toMatch(/^The preview URL was refused: .*127\.0\.0\.1/);
    expect(privateUrl.json.error.issues[0]).toMatchObject({
      path: "previewUrl",
      message: "must be a public URL",
      code: "media_not_url",
      params: { accepts: "url" },
    });
    const metadata = await record(ada, {
      assetId: "pv-meta",
      label: "Metadata",
      kind: "image",
      previewUrl: "http://169.254.169.254/latest/meta-data",
    });
    expect(metadata.status).toBe(400);
    const html = await record(ada, {
      assetId: "pv-html",
      label: "HTML",
      kind: "image",
      previewUrl: `${filesUrl}/public/page.html`,
    });
    expect(html.status).toBe(400);
    expect(html.json.error.message).toContain("is text/html by its content");
    expect(html.json.error.issues[0]).toMatchObject({ path: "previewUrl", code: "not_media" });
    expect(inChinese(html.json.error.issues[0])).toBe("须为图片、视频或音频");
    const missing = await record(ada, {
      assetId: "pv-missing",
      label: "Missing",
      kind: "image",
      previewUrl: `${filesUrl}/public/missing.png`,
    });
    expect(missing.json.error.issues[0]).toMatchObject({ code: "fetch_status", params: { status: 404 } });
    expect(inChinese(missing.json.error.issues[0], "预览 URL")).toBe("预览 URL返回了 HTTP 404");
    const huge = await record(ada, {
      assetId: "pv-huge",
      label: "Huge",
      kind: "image",
      previewUrl: `${filesUrl}/public/huge.png`,
    });
    expect(huge.status).toBe(413);
    expect(huge.json.error.issues[0]).toMatchObject({
      message: "must be at most 30 MB",
      code: "file_too_large",
      params: { maxBytes: 30 * 1024 ** 2 },
    });
    expect(inChinese(huge.json.error.issues[0])).toBe("不能超过 30 MB");
    const list = await call(ada, "assets", "GET");
    const ids = list.json.assets.map((a: { assetId: string }) => a.assetId);
    expect(ids).not.toContain("pv-private");
    expect(ids).not.toContain("pv-html");
  });

  it("records an asset with a preview file sent as multipart", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      assetId: "mp-1",
      label: "Multipart",
      kind: "image",
      reviewState: "passed",
    }))
      form.set(k, v);
    form.set("preview", new File([new Uint8Array(PNG)], "frame.png", { type: "image/png" }));
    const made = await call(ada, "assets", "POST", { form });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ assetId: "mp-1", previewType: "image/png", previewSource: null });
    const served = await call(ada, "preview", "GET", { id: made.json.id });
    expect(Buffer.from(await served.response.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("uploads a file to the configured endpoint (the sandbox) and records its id as pending", async () => {
    const form = new FormData();
    form.set("label", "Uploaded frame");
    form.set("kind", "image");
    form.set("file", new File([new Uint8Array(PNG)], "frame.png", { type: "image/png" }));
    const made = await call(ada, "upload", "POST", { form });
    expect(made.status).toBe(201);
    const expected = `sbx-asset-${createHash("sha256").update(PNG).digest("hex").slice(0, 16)}`;
    expect(made.json).toMatchObject({
      assetId: expected,
      reference: `assetId://${expected}`,
      reviewState: "pending",
      origin: "uploaded",
      previewType: "image/png",
    });
    // The same file again answers the same id: already in the registry.
    const again = new FormData();
    again.set("label", "Again");
    again.set("kind", "image");
    again.set("file", new File([new Uint8Array(PNG)], "frame.png", { type: "image/png" }));
    const dup = await call(ada, "upload", "POST", { form: again });
    expect(dup.status).toBe(409);
    expect(dup.json.error.message).toContain(`you already recorded "${expected}"`);
  });

  it("refuses an upload without a file, naming the field", async () => {
    const form = new FormData();
    form.set("label", "No file");
    form.set("kind", "image");
    const made = await call(ada, "upload", "POST", { form });
    expect(made.status).toBe(400);
    expect(made.json.error.issues).toMatchObject([
      { path: "file", message: "is required", code: "required" },
    ]);
  });
});
