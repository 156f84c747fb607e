import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { StudioError } from "../errors";
import { createTempDb } from "../testing/temp-db";
import { cookieHeaders } from "../auth/testing/auth-testbed";
import { setEnv } from "../testing/env-vars";

// The wrapper reads the process's configuration and database, as in the server.
let restoreEnv: () => void;
let temp: ReturnType<typeof createTempDb>;
let mod: typeof import("./route");
let auth: typeof import("../auth/context");

beforeAll(async () => {
  temp = createTempDb();
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    AUTH: "on",
    AUTH_SECRET: "route-test-secret-route-test-secret-0123",
    TRACKER: "0",
  });
  mod = await import("./route");
  auth = await import("../auth/context");
});
afterAll(async () => {
  const { db } = await import("../db");
  await db().$disconnect();
  await temp.cleanup();
  restoreEnv();
});

const echo = { auth: "user" } as const;
const call = (
  handler: import("./route").RouteHandler,
  init: RequestInit & { url?: string } = {},
  params = {},
) => handler(new Request(init.url ?? "http://127.0.0.1/api/x", init), { params: Promise.resolve(params) });
const body = async (response: Response) => ({ status: response.status, json: await response.json() });

describe("route()", () => {
  let memberCookie: Headers;
  let adminCookie: Headers;
  let memberToken: string;

  it("answers 503 'set up the first admin' while no user exists", async () => {
    const handler = mod.route(echo, async ({ user }) => Response.json(user));
    const { status, json } = await body(await call(handler));
    expect(status).toBe(503);
    expect(json.error.code).toBe("setup_required");
    expect(json.error.message).toMatch(/set up the first admin at \/setup/);
  });

  it("answers 401 in the studio's error shape without a session or token", async () => {
    const ctx = await auth.authContext();
    const { createUser } = await import("../auth/users");
    const { signIn } = await import("../auth/sessions");
    const { createToken } = await import("../auth/tokens");
    const member = await createUser(ctx, { email: "m@example.com", password: "member password" });
    await createUser(ctx, { email: "a@example.com", password: "admin password", role: "admin" });
    memberCookie = cookieHeaders(
      (await signIn(ctx, { email: "m@example.com", password: "member password" }, new Headers())).setCookies,
    );
    adminCookie = cookieHeaders(
      (await signIn(ctx, { email: "a@example.com", password: "admin password" }, new Headers())).setCookies,
    );
    memberToken = (await createToken(ctx, member.id, { name: "t" })).token;

    const handler = mod.route(echo, async ({ user }) => Response.json(user));
    const { status, json } = await body(await call(handler));
    expect(status).toBe(401);
    expect(json).toEqual({
      error: {
        code: "unauthorized",
        message: "Sign in first, or send a personal API token as Authorization: Bearer <token>.",
        issues: [],
      },
    });
  });

  it("hands the handler the user of a session cookie or of a bearer token", async () => {
    const handler = mod.route(echo, async ({ user }) => Response.json(user));
    expect((await body(await call(handler, { headers: memberCookie }))).json).toMatchObject({
      email: "m@example.com",
      role: "member",
      via: "session",
    });
    const viaToken = await body(await call(handler, { headers: { authorization: `Bearer ${memberToken}` } }));
    expect(viaToken.json).toMatchObject({ email: "m@example.com", via: "token" });
  });

  it("refuses a member on admin routes with 403 and lets an admin through", async () => {
    const handler = mod.route({ auth: "admin" }, async () => Response.json({ ok: true }));
    const refused = await body(await call(handler, { headers: memberCookie }));
    expect([refused.status, refused.json.error.code]).toEqual([403, "forbidden"]);
    expect((await call(handler, { headers: adminCookie })).status).toBe(200);
  });

  it("lets public routes run without anyone, and tells them who is there", async () => {
    const handler = mod.route({ auth: "public" }, async ({ user }) =>
      Response.json({ email: user?.email ?? null }),
    );
    expect((await body(await call(handler))).json).toEqual({ email: null });
    expect((await body(await call(handler, { headers: adminCookie }))).json).toEqual({
      email: "a@example.com",
    });
  });

  it("refuses a disabled user's session and token, a revoked token and the upstream key", async () => {
    const ctx = await auth.authContext();
    const { createUser, updateUser } = await import("../auth/users");
    const { createToken, revokeToken } = await import("../auth/tokens");
    const handler = mod.route(echo, async () => Response.json({ ok: true }));
    const dis = await createUser(ctx, { email: "d@example.com", password: "disabled password" });
    const { token } = await createToken(ctx, dis.id, { name: "t" });
    await updateUser(ctx, dis.id, { disabled: true });
    const disabled = await body(await call(handler, { headers: { authorization: `Bearer ${token}` } }));
    expect([disabled.status, disabled.json.error.code]).toEqual([403, "account_disabled"]);

    const memberId = (await ctx.db.user.findUniqueOrThrow({ where: { email: "m@example.com" } })).id;
    const { id, token: revoked } = await createToken(ctx, memberId, { name: "r" });
    await revokeToken(ctx, memberId, id);
    expect((await call(handler, { headers: { authorization: `Bearer ${revoked}` } })).status).toBe(401);
    const upstreamKey = await body(
      await call(handler, { headers: { authorization: "Bearer sk-upstream-key" } }),
    );
    expect(upstreamKey.status).toBe(401);
    expect(upstreamKey.json.error.message).toMatch(/the upstream's key is not accepted here/);
    // A bearer header is the credential when present: a valid cookie beside a bad token does not help.
    const both = new Headers(memberCookie);
    both.set("authorization", "Bearer sk-upstream-key");
    expect((await call(handler, { headers: both })).status).toBe(401);
  });

  it("parses params and search params, naming the field of a bad one", async () => {
    const handler = mod.route(
      {
        auth: "user",
        params: z.object({ id: z.string().regex(/^t_/) }),
        search: z.object({ n: z.coerce.number().max(5) }),
      },
      async ({ params, searchParams }) => Response.json({ id: params.id, n: searchParams.n }),
    );
    const ok = await call(
      handler,
      { headers: memberCookie, url: "http://127.0.0.1/api/x?n=3&n=9" },
      { id: "t_1" },
    );
    expect(await ok.json()).toEqual({ id: "t_1", n: 3 });
    const bad = await body(
      await call(handler, { headers: memberCookie, url: "http://127.0.0.1/api/x?n=7" }, { id: "t_1" }),
    );
    expect([bad.status, bad.json.error.issues[0].path]).toEqual([400, "n"]);
  });

  it("maps thrown errors, with Retry-After on 429", async () => {
    const handler = mod.route({ auth: "public" }, async () => {
      throw new StudioError("rate_limited", "Too many.", { details: { retryAfterSeconds: 42 } });
    });
    const response = await call(handler);
    expect([response.status, response.headers.get("retry-after")]).toEqual([429, "42"]);
    expect((await response.json()).error.retryAfterSeconds).toBe(42);
  });

  it("marks what it builds, so the coverage test can tell", () => {
    expect(mod.routeAccess(mod.route({ auth: "admin" }, async () => new Response()))).toBe("admin");
    expect(mod.routeAccess(async () => new Response())).toBeUndefined();
  });
});

describe("route() with accounts off", () => {
  it("hands every request the local admin, whatever Authorization it carries", async () => {
    vi.resetModules();
    const saved = process.env.AUTH;
    delete process.env.AUTH;
    try {
      const fresh = await import("./route");
      const handler = fresh.route({ auth: "admin" }, async ({ user }) => Response.json(user));
      for (const headers of [new Headers(), new Headers({ authorization: "Bearer sk-upstream-key" })]) {
        const response = await call(handler, { headers });
        expect([response.status, await response.json()]).toEqual([
          200,
          { id: "local", email: "local@localhost", name: "Local user", role: "admin", via: "local" },
        ]);
      }
    } finally {
      process.env.AUTH = saved;
    }
  });
});
