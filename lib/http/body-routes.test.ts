/**
 * Finding 6 of issue 18: Next.js copies a proxied body into memory before any check, so the routes
 * that take large bodies bypass proxy.ts. These tests hold the two halves together: the matcher as
 * Next.js compiles it leaves out exactly BODY_ROUTES, and those routes, called as the server calls
 * them, still refuse a foreign Host or Origin and a stranger — before reading their body.
 */
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeaders } from "../auth/testing/auth-testbed";
import { setEnv } from "../testing/env-vars";
import { createTempDb } from "../testing/temp-db";
import { isBodyRoute } from "./body-routes";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

const MB = 1024 * 1024;
let restoreEnv: () => void;
let temp: ReturnType<typeof createTempDb>;
let routes: Record<string, Handler>;
let member: Headers;

beforeAll(async () => {
  temp = createTempDb();
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: `${temp.dir}/media`,
    AUTH: "on",
    AUTH_SECRET: "body-routes-secret-body-routes-secret-0123",
    TRACKER: "0",
    UPLOAD_LIMIT_BYTES: "5MB",
  });
  const { authContext } = await import("../auth/context");
  const { createUser } = await import("../auth/users");
  const { signIn } = await import("../auth/sessions");
  const ctx = await authContext();
  await createUser(ctx, { email: "admin@example.com", password: "admin password", role: "admin" });
  await createUser(ctx, { email: "m@example.com", password: "member password" });
  member = cookieHeaders(
    (await signIn(ctx, { email: "m@example.com", password: "member password" }, new Headers())).setCookies,
  );
  routes = {
    "/api/uploads": (await import("@/app/api/uploads/route")).POST,
    "/api/chat/attachments": (await import("@/app/api/chat/attachments/route")).POST,
    "/api/assets/upload": (await import("@/app/api/assets/upload/route")).POST,
    "/api/assets": (await import("@/app/api/assets/route")).POST,
    "/api/v1/family-a/videos": (await import("@/app/api/v1/[family]/videos/route")).POST,
  };
});
afterAll(async () => {
  const { db } = await import("../db");
  await db().$disconnect();
  await temp.cleanup();
  restoreEnv();
});

/** A 100 MB multipart form (its one file field of zeros) made on demand, counting what was pulled. */
function hugeBody() {
  const head = new TextEncoder().encode(
    '--x\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: video/mp4\r\n\r\n',
  );
  const chunk = new Uint8Array(64 * 1024);
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= 100 * MB) return controller.close();
      const next = pulled.bytes === 0 ? head : chunk;
      pulled.bytes += next.byteLength;
      controller.enqueue(next);
    },
  });
  return { stream, pulled };
}

async function post(path: string, headers: Record<string, string>, cookie?: Headers) {
  const { stream, pulled } = hugeBody();
  const all = new Headers(cookie);
  all.set("Content-Type", "multipart/form-data; boundary=x");
  for (const [name, value] of Object.entries(headers)) all.set(name, value);
  const request = new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    headers: all,
    body: stream,
    duplex: "half",
  } as RequestInit);
  const params: Record<string, string> = path.startsWith("/api/v1/") ? { family: "family-a" } : {};
  const response = await routes[path](request, { params: Promise.resolve(params) });
  return {
    status: response.status,
    json: await response.json(),
    headers: response.headers,
    pulled: pulled.bytes,
  };
}

describe("routes outside the proxy", () => {
  it("are exactly the paths proxy.ts's matcher leaves out, as Next.js compiles it", async () => {
    const require = createRequire(import.meta.url);
    const { getMiddlewareMatchers } = require("next/dist/build/analysis/get-page-static-info");
    const { config } = await import("@/proxy");
    const matchers: { regexp: string }[] = getMiddlewareMatchers(config.matcher, {});
    const proxied = (path: string) => matchers.some((m) => new RegExp(m.regexp).test(path));
    const paths = [
      "/",
      "/login",
      "/gallery",
      "/_next/static/chunks/app.js",
      "/api/health",
      "/api/tasks",
      "/api/uploads",
      "/api/uploads/abc",
      "/api/uploads/",
      "/api/chat/attachments",
      "/api/chat/attachments/a1",
      "/api/chat/attachments/from-gallery",
      "/api/assets",
      "/api/assets/a1",
      "/api/assets/a1/preview",
      "/api/assets/upload",
      "/api/llm",
      "/api/llm/v1/models/gemini-2.5-flash:generateContent",
      "/api/uploadsx",
      "/api/assetsx",
      "/api/v1/family-a/videos",
      "/api/v1/family-a/videos/task-1",
      "/api/v1/family-a/videos/task-1/content",
      "/api/v1/family-a/videosx",
    ];
    for (const path of paths)
      expect({ path, proxied: proxied(path) }).toEqual({ path, proxied: !isBodyRoute(path) });
    expect(paths.filter(isBodyRoute).length).toBe(6);
  });

  it.each([
    "/api/uploads",
    "/api/chat/attachments",
    "/api/assets/upload",
    "/api/assets",
    "/api/v1/family-a/videos",
  ])("%s refuses a foreign Host, a foreign Origin and a stranger before reading the body", async (path) => {
    const host = await post(path, { Host: "evil.example" }, member);
    expect(host.status).toBe(421);
    expect(host.json.error.code).toBe("host_not_allowed");
    const origin = await post(path, { Origin: "https://evil.example" }, member);
    expect(origin.status).toBe(403);
    expect(origin.json.error.code).toBe("cross_origin");
    const stranger = await post(path, {});
    expect(stranger.status).toBe(401);
    for (const refused of [host, origin, stranger]) {
      // A ReadableStream asks its source for one chunk ahead; nothing past that was read.
      expect(refused.pulled).toBeLessThanOrEqual(64 * 1024);
      expect(refused.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(refused.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    }
  });

  it("stops reading a member's 100 MB multipart upload at the limit, spooling it to disk", async () => {
    const before = process.memoryUsage().rss;
    const refused = await post("/api/uploads", {}, member);
    expect(refused.status).toBe(413);
    expect(refused.json.error.message).toBe("Uploads are limited to 5 MB.");
    expect(refused.pulled).toBeGreaterThan(5 * MB);
    expect(refused.pulled).toBeLessThan(6 * MB);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * MB);
  });
});
