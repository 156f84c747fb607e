/**
 * Single sign-on in process against a real OpenID provider (oidc-provider): the browser's hops are
 * made with fetch and a cookie jar. What the e2e spec shows in Chromium, here with the reasons.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcProvider, type TestOidcProvider } from "@/e2e/support/oidc-provider";
import { authTestbed } from "./testing/auth-testbed";
import { finishSso, roleFromClaim, startSso } from "./sso";

const BASE = "http://127.0.0.1:3000";
let provider: TestOidcProvider;
let bed: Awaited<ReturnType<typeof authTestbed>>;

beforeAll(async () => {
  provider = await startOidcProvider({
    clientId: "studio",
    clientSecret: "client-secret",
    redirectUri: `${BASE}/api/auth/sso/callback`,
    people: {
      ada: { email: "ada@example.com", name: "Ada", groups: ["staff"] },
      eve: { email: "eve@elsewhere.org", name: "Eve", groups: [] },
      boss: { email: "boss@example.com", name: "Boss", groups: ["studio-admins"] },
    },
  });
  bed = await authTestbed({
    sso: {
      issuer: provider.issuer,
      clientId: "studio",
      clientSecret: "client-secret",
      providerName: "Test",
      allowedDomains: ["example.com"],
      roleClaim: "groups",
      adminValues: ["studio-admins"],
      scopes: ["openid", "email", "profile"],
    },
  });
});

afterAll(async () => {
  await bed?.cleanup();
  await provider?.close();
});

/** A browser's cookie jar, enough for one provider and one studio on different ports. */
class Jar {
  private cookies = new Map<string, string>();
  take(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair] = line.split(";");
      const [name, ...value] = pair.split("=");
      this.cookies.set(name.trim(), value.join("="));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** Through the provider's development sign-in as `login`, back to the studio's callback. */
async function signInAs(login: string) {
  const jar = new Jar();
  const start = await startSso(bed.ctx, BASE, "/", new Headers());
  jar.take(start.setCookies);
  let url = start.url;
  let form: Record<string, string> | null = null;
  for (let hop = 0; hop < 12; hop++) {
    const response: Response = await fetch(url, {
      method: form ? "POST" : "GET",
      headers: {
        cookie: jar.header(),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
      redirect: "manual",
    });
    jar.take(response.headers.getSetCookie());
    form = null;
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url).toString();
      if (url.startsWith(`${BASE}/api/auth/sso/callback`)) {
        return finishSso(bed.ctx, BASE, new Request(url, { headers: { cookie: jar.header() } }));
      }
      continue;
    }
    const html: string = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url} (${response.status}): ${html.slice(0, 300)}`);
    url = new URL(action, url).toString();
    form = html.includes('name="login"') ? { prompt: "login", login, password: "x" } : { prompt: "consent" };
  }
  throw new Error("too many hops");
}

describe("single sign-on", () => {
  it("creates the member on a first sign-in and signs them in", async () => {
    const { location, setCookies } = await signInAs("ada");
    expect(location).toBe(`${BASE}/`);
    expect(setCookies.join(";")).toContain("studio.session_token=");
    const user = await bed.db.user.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(user).toMatchObject({ role: "member", name: "Ada" });
  });

  it("refuses an e-mail outside the allowed domains, with no account made", async () => {
    const { location } = await signInAs("eve");
    expect(location).toBe(`${BASE}/login?sso_error=domain_not_allowed`);
    expect(await bed.db.user.count({ where: { email: "eve@elsewhere.org" } })).toBe(0);
  });

  it("makes an admin of whom the role claim names", async () => {
    await signInAs("boss");
    expect((await bed.db.user.findUniqueOrThrow({ where: { email: "boss@example.com" } })).role).toBe(
      "admin",
    );
    const log = await bed.db.auditEntry.findMany({ orderBy: { at: "asc" } });
    expect(log.map((e) => [e.action, e.outcome, e.actorEmail])).toEqual([
      ["user.create", "success", "ada@example.com"],
      ["auth.sso_sign_in", "success", "ada@example.com"],
      ["auth.sso_sign_in", "failure", "eve@elsewhere.org"],
      ["user.create", "success", "boss@example.com"],
      ["user.role_change", "success", "boss@example.com"],
      ["auth.sso_sign_in", "success", "boss@example.com"],
    ]);
  });

  it("reads the role from a list, a string or a nested claim", () => {
    expect(roleFromClaim(["a", "studio-admins"], ["studio-admins"])).toBe("admin");
    expect(roleFromClaim("a studio-admins", ["studio-admins"])).toBe("admin");
    expect(roleFromClaim(undefined, ["studio-admins"])).toBe("member");
  });
});

describe("PASSWORD_LOGIN=off", () => {
  it("refuses the password form with a message naming single sign-on, and records the attempt", async () => {
    const { login } = await import("./login");
    const { createUser } = await import("./users");
    const off = await authTestbed({ passwordLogin: false });
    try {
      await createUser(off.ctx, { email: "pat@example.com", password: "a long password" });
      const refused = await login(
        off.ctx,
        { email: "pat@example.com", password: "a long password" },
        new Headers(),
      ).then(
        () => null,
        (error: unknown) => error as { code: string; message: string },
      );
      expect(refused).toMatchObject({
        code: "forbidden",
        message: expect.stringContaining("use single sign-on"),
      });
      expect(await off.db.session.count()).toBe(0);
      expect(await off.db.auditEntry.findFirst()).toMatchObject({
        action: "auth.sign_in",
        outcome: "failure",
        actorEmail: "pat@example.com",
      });
    } finally {
      await off.cleanup();
    }
  });
});
