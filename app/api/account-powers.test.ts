/**
 * What a credential may do, through the real route handlers with accounts on (issue 18, findings
 * 5 and 9): an API token manages nothing (no password, user, role or token), an admin acting on
 * another account confirms with their own password, a password reset revokes the user's tokens
 * unless the admin keeps them, and members see only whether the tracker is behind.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/components/i18n/testing/issue-words";
import type { AuthContext } from "@/lib/auth/context";
import { PEER_HEADER } from "@/lib/auth/client-address";
import { LOGIN_LIMITS } from "@/lib/auth/login-throttle";
import { cookieHeaders } from "@/lib/auth/testing/auth-testbed";
import { setEnv } from "@/lib/testing/env-vars";
import { createTempDb } from "@/lib/testing/temp-db";

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Who = { id: string; email: string; headers: Headers };

const PASSWORD = "a long password";
let restoreEnv: () => void;
let temp: ReturnType<typeof createTempDb>;
let ctx: AuthContext;
let r: Record<string, Record<string, Handler>>;
let admin: Who;
let mia: Who;
let adminToken: Who;

async function person(email: string, role: "admin" | "member"): Promise<Who> {
  const { createUser } = await import("@/lib/auth/users");
  const { signIn } = await import("@/lib/auth/sessions");
  const user = await createUser(ctx, { email, password: PASSWORD, role });
  const session = await signIn(ctx, { email, password: PASSWORD }, new Headers());
  return { id: user.id, email, headers: cookieHeaders(session.setCookies, { [PEER_HEADER]: "192.0.2.10" }) };
}

async function tokenOf(who: Who): Promise<Who> {
  const { createToken } = await import("@/lib/auth/tokens");
  const { token } = await createToken(ctx, who.id, { name: "ci" });
  return { ...who, headers: new Headers({ authorization: `Bearer ${token}` }) };
}

beforeAll(async () => {
  temp = createTempDb();
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    TRACKER: "0",
    AUTH: "on",
    AUTH_SECRET: "powers-test-secret-powers-test-secret-0123",
  });
  ctx = await (await import("@/lib/auth/context")).authContext();
  admin = await person("root@example.com", "admin");
  mia = await person("mia@example.com", "member");
  adminToken = await tokenOf(admin);
  r = {
    "account/password": await import("@/app/api/account/password/route"),
    "account/tokens": await import("@/app/api/account/tokens/route"),
    "account/tokens/[id]": await import("@/app/api/account/tokens/[id]/route"),
    "admin/users": await import("@/app/api/admin/users/route"),
    "admin/users/[id]": await import("@/app/api/admin/users/[id]/route"),
    "admin/users/[id]/password": await import("@/app/api/admin/users/[id]/password/route"),
    "health/tracker": await import("@/app/api/health/tracker/route"),
    webhooks: await import("@/app/api/webhooks/route"),
    "webhooks/[id]": await import("@/app/api/webhooks/[id]/route"),
  } as unknown as Record<string, Record<string, Handler>>;
});

afterAll(async () => {
  const { db } = await import("@/lib/db");
  await db().$disconnect();
  await temp?.cleanup();
  restoreEnv?.();
});

async function call(
  who: Who,
  name: string,
  method: string,
  options: { params?: Record<string, string>; json?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers = new Headers(who.headers);
  if (options.json !== undefined) headers.set("content-type", "application/json");
  const request = new Request(`http://127.0.0.1:3000/api/${name}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const response = await r[name][method](request, { params: Promise.resolve(options.params ?? {}) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const errorOf = (body: Record<string, unknown>) =>
  body.error as {
    code: string;
    message: string;
    issues: { path: string; message: string; code: string; params: Record<string, unknown> }[];
  };

async function canSignIn(email: string, password: string): Promise<boolean> {
  const { signIn } = await import("@/lib/auth/sessions");
  return signIn(ctx, { email, password }, new Headers()).then(
    () => true,
    () => false,
  );
}

describe("an admin's API token (finding 5)", () => {
  it("cannot change its owner's password, make an admin, change roles, reset, delete or mint tokens", async () => {
    const usersBefore = await temp.db.user.count();
    const tokensBefore = await temp.db.apiToken.count();
    const attempts: [string, string, { params?: Record<string, string>; json?: unknown }][] = [
      ["account/password", "POST", { json: { currentPassword: PASSWORD, newPassword: "taken over!!" } }],
      [
        "admin/users",
        "POST",
        {
          json: {
            email: "evil@example.com",
            password: "evil password",
            role: "admin",
            adminPassword: PASSWORD,
          },
        },
      ],
      ["admin/users", "GET", {}],
      [
        "admin/users/[id]",
        "PATCH",
        { params: { id: mia.id }, json: { role: "admin", adminPassword: PASSWORD } },
      ],
      [
        "admin/users/[id]",
        "PATCH",
        { params: { id: mia.id }, json: { disabled: true, adminPassword: PASSWORD } },
      ],
      ["admin/users/[id]", "DELETE", { params: { id: mia.id }, json: { adminPassword: PASSWORD } }],
      [
        "admin/users/[id]/password",
        "POST",
        { params: { id: admin.id }, json: { password: "taken over!!", adminPassword: PASSWORD } },
      ],
      ["account/tokens", "POST", { json: { name: "another" } }],
      ["account/tokens", "GET", {}],
    ];
    for (const [name, method, options] of attempts) {
      const answer = await call(adminToken, name, method, options);
      expect([name, method, answer.status, errorOf(answer.body).code]).toEqual([
        name,
        method,
        403,
        "forbidden",
      ]);
      expect(errorOf(answer.body).message).toMatch(/needs a signed-in session/);
    }
    expect(await temp.db.user.count()).toBe(usersBefore);
    expect(await temp.db.apiToken.count()).toBe(tokensBefore);
    expect(await temp.db.user.findUniqueOrThrow({ where: { id: mia.id } })).toMatchObject({
      role: "member",
      banned: false,
    });
    expect(await canSignIn(admin.email, PASSWORD)).toBe(true);
    // the token still works for what tokens are for
    const health = await call(adminToken, "health/tracker", "GET");
    expect(health.status).toBe(200);
  });
});

describe("admin actions on another account", () => {
  it("are refused without the admin's own password, and with a wrong one; nothing changes", async () => {
    const newUser = { email: "nia@example.com", password: "nia's password", role: "admin" };
    for (const adminPassword of [undefined, "not my password"]) {
      const refused = [
        await call(admin, "admin/users", "POST", { json: { ...newUser, adminPassword } }),
        await call(admin, "admin/users/[id]", "PATCH", {
          params: { id: mia.id },
          json: { role: "admin", adminPassword },
        }),
        await call(admin, "admin/users/[id]", "PATCH", {
          params: { id: mia.id },
          json: { disabled: true, adminPassword },
        }),
        await call(admin, "admin/users/[id]", "DELETE", { params: { id: mia.id }, json: { adminPassword } }),
        await call(admin, "admin/users/[id]/password", "POST", {
          params: { id: mia.id },
          json: { password: "new password!", adminPassword },
        }),
      ];
      for (const answer of refused) {
        expect(answer.status).toBe(403);
        const issue = errorOf(answer.body).issues[0];
        expect(issue).toMatchObject({
          path: "adminPassword",
          ...(adminPassword
            ? { message: "is not your current password", code: "not_current_password" }
            : { message: "is required: confirm with your own current password", code: "reauth_required" }),
        });
        expect(inChinese(issue)).toBe(
          adminPassword ? "不是你当前的密码" : "为必填项：请用你自己的当前密码确认",
        );
      }
    }
    expect(await temp.db.user.findUnique({ where: { email: "nia@example.com" } })).toBeNull();
    expect(await temp.db.user.findUniqueOrThrow({ where: { id: mia.id } })).toMatchObject({
      role: "member",
      banned: false,
    });
    expect(await canSignIn(mia.email, PASSWORD)).toBe(true);
    await temp.db.loginThrottle.deleteMany(); // the wrong passwords above counted (next test)
  });

  it("go through with it; a display name alone needs no password", async () => {
    const made = await call(admin, "admin/users", "POST", {
      json: { email: "ola@example.com", password: "ola's password", adminPassword: PASSWORD },
    });
    expect([made.status, made.body.role]).toEqual([201, "member"]);
    const id = made.body.id as string;
    const renamed = await call(admin, "admin/users/[id]", "PATCH", { params: { id }, json: { name: "Ola" } });
    expect([renamed.status, renamed.body.name]).toEqual([200, "Ola"]);
    const promoted = await call(admin, "admin/users/[id]", "PATCH", {
      params: { id },
      json: { role: "admin", adminPassword: PASSWORD },
    });
    expect([promoted.status, promoted.body.role]).toEqual([200, "admin"]);
    const deleted = await call(admin, "admin/users/[id]", "DELETE", {
      params: { id },
      json: { adminPassword: PASSWORD },
    });
    expect(deleted).toEqual({ status: 200, body: { deleted: id } });
  });

  it("count wrong passwords against the login limits, so a stolen session cannot guess here", async () => {
    for (let i = 0; i < LOGIN_LIMITS.account.max; i++) {
      const wrong = await call(admin, "admin/users/[id]", "PATCH", {
        params: { id: mia.id },
        json: { disabled: true, adminPassword: `guess ${i}` },
      });
      expect(wrong.status).toBe(403);
    }
    const limited = await call(admin, "admin/users/[id]", "PATCH", {
      params: { id: mia.id },
      json: { disabled: true, adminPassword: PASSWORD },
    });
    expect([limited.status, errorOf(limited.body).code]).toEqual([429, "rate_limited"]);
    expect((await temp.db.user.findUniqueOrThrow({ where: { id: mia.id } })).banned).toBe(false);
    await temp.db.loginThrottle.deleteMany();
  });
});

describe("a password reset", () => {
  const tokenWorks = async (who: Who) => (await call(who, "health/tracker", "GET")).status === 200;

  it("by an admin revokes the user's tokens and says how many; keepTokens keeps them", async () => {
    const [one, two] = [await tokenOf(mia), await tokenOf(mia)];
    const reset = await call(admin, "admin/users/[id]/password", "POST", {
      params: { id: mia.id },
      json: { password: "mia's second password", adminPassword: PASSWORD },
    });
    expect(reset).toEqual({ status: 200, body: { reset: true, revokedTokens: 2 } });
    expect([await tokenWorks(one), await tokenWorks(two)]).toEqual([false, false]);

    const three = await tokenOf(mia);
    const kept = await call(admin, "admin/users/[id]/password", "POST", {
      params: { id: mia.id },
      json: { password: "mia's third password", keepTokens: true, adminPassword: PASSWORD },
    });
    expect(kept).toEqual({ status: 200, body: { reset: true, revokedTokens: 0 } });
    expect(await tokenWorks(three)).toBe(true);
  });

  it("of one's own password revokes one's tokens and says how many", async () => {
    const { signIn } = await import("@/lib/auth/sessions");
    const session = await signIn(ctx, { email: mia.email, password: "mia's third password" }, new Headers());
    const miaNow = { ...mia, headers: cookieHeaders(session.setCookies) };
    const token = await tokenOf(mia);
    const wrong = await call(miaNow, "account/password", "POST", {
      json: { currentPassword: "not mia's password", newPassword: "mia's fourth password" },
    });
    expect(wrong.status).toBe(400);
    const [issue] = errorOf(wrong.body).issues;
    expect(issue).toMatchObject({ path: "currentPassword", code: "not_current_password" });
    expect(inChinese(issue)).toBe("不是你当前的密码");
    const short = await call(miaNow, "account/password", "POST", {
      json: { currentPassword: "mia's third password", newPassword: "short" },
    });
    expect(errorOf(short.body).issues[0]).toMatchObject({
      path: "newPassword",
      code: "too_short",
      params: { min: 10 },
    });
    expect(inChinese(errorOf(short.body).issues[0], "新密码")).toBe("新密码至少需要 10 个字符");
    await temp.db.loginThrottle.deleteMany();
    const changed = await call(miaNow, "account/password", "POST", {
      json: { currentPassword: "mia's third password", newPassword: "mia's fourth password" },
    });
    expect(changed).toEqual({ status: 200, body: { changed: true, revokedTokens: 2 } });
    expect(await tokenWorks(token)).toBe(false);
    expect(await temp.db.apiToken.count({ where: { userId: mia.id, revokedAt: null } })).toBe(0);
  });
});

describe("tracker health", () => {
  it("has its figures for admins only; a member learns whether it is behind", async () => {
    const member = await call(mia, "health/tracker", "GET").catch(() => null);
    // mia's session ended with her password change: sign in again
    const { signIn } = await import("@/lib/auth/sessions");
    const session = await signIn(ctx, { email: mia.email, password: "mia's fourth password" }, new Headers());
    const asMember = await call(
      { ...mia, headers: cookieHeaders(session.setCookies) },
      "health/tracker",
      "GET",
    );
    expect(member?.status).toBe(401);
    expect(asMember).toEqual({
      status: 200,
      body: { behind: false, reasons: [], lastUpstreamError: null, details: "admins only" },
    });
    const asAdmin = await call(admin, "health/tracker", "GET");
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toMatchObject({ runningTasks: 0, pendingDownloads: 0, behind: false });
  });
});

describe("webhook endpoints (issue 23): a session's, never a token's", () => {
  it("refuses an admin's token, lets the session create one (secret once), and hides it from another member", async () => {
    const body = { url: "https://hooks.example.com/studio", events: ["task.stored"] };
    const byToken = await call(adminToken, "webhooks", "POST", { json: body });
    expect(byToken.status).toBe(403);
    expect(errorOf(byToken.body).message).toMatch(/signed-in session/);
    expect((await call(adminToken, "webhooks", "GET")).status).toBe(403);
    expect(await temp.db.webhookEndpoint.count()).toBe(0);

    const created = await call(admin, "webhooks", "POST", { json: body });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    const id = String(created.body.id);
    const read = await call(admin, "webhooks/[id]", "GET", { params: { id } });
    expect(read.status).toBe(200);
    expect(read.body.secret).toBeUndefined();
    // A fresh member (earlier tests reset mia's sessions).
    const bo = await person("bo@example.com", "member");
    const byMember = await call(bo, "webhooks/[id]", "GET", { params: { id } });
    expect(byMember.status).toBe(404);
  });
});
