import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/components/i18n/testing/issue-words";
import { createDb } from "../db-client";
import { StudioError } from "../errors";
import { PEER_HEADER } from "./client-address";
import { createAuthContext } from "./context";
import { ensureFirstAdmin, setUpFirstAdmin, setupCode } from "./first-admin";
import { login } from "./login";
import { LOGIN_LIMITS } from "./login-throttle";
import { resolveUser } from "./resolve-user";
import { authTestbed, failure } from "./testing/auth-testbed";
import { createUser, resetPassword } from "./users";

// The socket's peer, as the server stamps it on every request (lib/auth/client-address.ts).
const from = (ip: string, extra: Record<string, string> = {}) => new Headers({ [PEER_HEADER]: ip, ...extra });
const attempt = (bed: Bed, email: string, password: string, headers: Headers) =>
  login(bed.ctx, { email, password }, headers);
type Bed = Awaited<ReturnType<typeof authTestbed>>;

describe("login rate limits", () => {
  let bed: Bed;
  beforeAll(async () => {
    bed = await authTestbed();
    await createUser(bed.ctx, { email: "ann@example.com", password: "ann's long password" });
  });
  afterAll(() => bed.cleanup());

  it("hold back only the guessing address: the owner still signs in from another (finding 9)", async () => {
    for (let i = 0; i < LOGIN_LIMITS.account.max + 3; i++) {
      const refused = await failure(attempt(bed, "ann@example.com", "guess " + i, from("203.0.113.66")));
      expect(refused.code).toBe(i < LOGIN_LIMITS.account.max ? "unauthorized" : "rate_limited");
    }
    const limited = await failure(
      attempt(bed, "ANN@example.com", "ann's long password", from("203.0.113.66")),
    );
    expect([limited.code, limited.status]).toEqual(["rate_limited", 429]);
    expect(limited.message).toBe(
      "Too many login attempts for this account from your address. Try again in 15 minutes.",
    );
    expect(limited.details.retryAfterSeconds).toBeGreaterThan(14 * 60);

    // the owner, from home
    const owner = await attempt(bed, "ann@example.com", "ann's long password", from("198.51.100.20"));
    expect(owner.user.email).toBe("ann@example.com");

    bed.clock.offsetMs = LOGIN_LIMITS.account.windowMs + 1000;
    try {
      const later = await attempt(bed, "ann@example.com", "ann's long password", from("203.0.113.66"));
      expect(later.user.email).toBe("ann@example.com");
    } finally {
      bed.clock.offsetMs = 0;
    }
  });

  it("count an IPv6 client's whole /64 as one address", async () => {
    for (let i = 0; i < LOGIN_LIMITS.account.max; i++) {
      await failure(attempt(bed, "ann@example.com", "guess " + i, from(`2001:db8:1:2::${i + 1}`)));
    }
    const limited = await failure(
      attempt(bed, "ann@example.com", "ann's long password", from("2001:db8:1:2:ffff::9")),
    );
    expect(limited.code).toBe("rate_limited");
    expect(
      (await attempt(bed, "ann@example.com", "ann's long password", from("2001:db8:1:3::1"))).user.email,
    ).toBe("ann@example.com");
  });

  it("refuse an address that sprays many accounts; successes do not count", async () => {
    await createUser(bed.ctx, { email: "ben@example.com", password: "ben's long password" });
    for (let i = 0; i < 3; i++) {
      await attempt(bed, "ben@example.com", "ben's long password", from("198.51.100.7"));
    }
    for (let i = 0; i < LOGIN_LIMITS.address.max; i++) {
      await failure(attempt(bed, `nobody${i}@example.com`, "whatever", from("198.51.100.7")));
    }
    const limited = await failure(
      attempt(bed, "ben@example.com", "ben's long password", from("198.51.100.7")),
    );
    expect(limited.message).toMatch(
      /^Too many login attempts from your address\. Try again in 1[45] minutes\.$/,
    );
    // another address is not affected
    expect(
      (await attempt(bed, "ben@example.com", "ben's long password", from("198.51.100.8"))).user.email,
    ).toBe("ben@example.com");
  });

  it("ignore X-Forwarded-For from a peer that is not a trusted proxy: rotating it does not help", async () => {
    await createUser(bed.ctx, { email: "eve@example.com", password: "eve's long password" });
    for (let i = 0; i < LOGIN_LIMITS.account.max; i++) {
      await failure(
        attempt(bed, "eve@example.com", "guess", from("192.0.2.50", { "x-forwarded-for": `10.1.0.${i}` })),
      );
    }
    const limited = await failure(
      attempt(bed, "eve@example.com", "guess", from("192.0.2.50", { "x-forwarded-for": "10.1.9.9" })),
    );
    expect(limited.code).toBe("rate_limited");
  });

  it("count parallel guesses one by one", async () => {
    await createUser(bed.ctx, { email: "cy@example.com", password: "cy's long password" });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => attempt(bed, "cy@example.com", `p${i}`, from("10.9.0.1"))),
    );
    const codes = results.map((r) => (r.status === "rejected" ? (r.reason as StudioError).code : "ok"));
    expect(codes.filter((c) => c === "unauthorized")).toHaveLength(LOGIN_LIMITS.account.max);
    expect(codes.filter((c) => c === "rate_limited")).toHaveLength(12 - LOGIN_LIMITS.account.max);
  });
});

describe("login rate limits behind a trusted proxy", () => {
  it("believe X-Forwarded-For only from TRUSTED_PROXIES, and only its nearest untrusted entry", async () => {
    const bed = await authTestbed({ trustedProxies: ["127.0.0.1", "10.0.0.0/8"] });
    try {
      await createUser(bed.ctx, { email: "fred@example.com", password: "fred's long password" });
      // the attacker, behind the proxy at 127.0.0.1, writes a fake client address on the left
      const viaProxy = (fake: string) =>
        from("127.0.0.1", { "x-forwarded-for": `${fake}, 203.0.113.5, 10.0.0.2` });
      for (let i = 0; i < LOGIN_LIMITS.account.max; i++) {
        await failure(attempt(bed, "fred@example.com", "guess", viaProxy(`192.0.2.${i}`)));
      }
      expect((await failure(attempt(bed, "fred@example.com", "x", viaProxy("192.0.2.99")))).code).toBe(
        "rate_limited",
      );
      // the owner, through the same proxy from their own address
      const owner = await attempt(
        bed,
        "fred@example.com",
        "fred's long password",
        from("127.0.0.1", { "x-forwarded-for": "198.51.100.1" }),
      );
      expect(owner.user.email).toBe("fred@example.com");
    } finally {
      await bed.cleanup();
    }
  });
});

describe("login rate limits across studio processes", () => {
  it("are one count for every process on the database: guesses split between two are refused together", async () => {
    const bed = await authTestbed();
    // A second studio process: its own Prisma client on the same file and its own auth context.
    const otherDb = createDb(bed.url);
    try {
      const other = await createAuthContext(otherDb, bed.config, "http://127.0.0.1:3001");
      await createUser(bed.ctx, { email: "dee@example.com", password: "dee's long password" });
      const processes = [bed.ctx, other];
      for (let i = 0; i < LOGIN_LIMITS.account.max; i++) {
        const wrong = await failure(
          login(processes[i % 2], { email: "dee@example.com", password: `guess ${i}` }, from("10.7.0.1")),
        );
        expect(wrong.code).toBe("unauthorized");
      }
      for (const ctx of processes) {
        const limited = await failure(
          login(ctx, { email: "dee@example.com", password: "dee's long password" }, from("10.7.0.1")),
        );
        expect([limited.code, limited.status]).toEqual(["rate_limited", 429]);
      }
    } finally {
      await otherDb.$disconnect();
      await bed.cleanup();
    }
  });
});

describe("the first admin", () => {
  it("comes from ADMIN_EMAIL/ADMIN_PASSWORD once, and a changed password is never overwritten", async () => {
    const bed = await authTestbed({
      firstAdmin: { email: "root@example.com", password: "initial password" },
    });
    try {
      const made = await ensureFirstAdmin(bed.ctx);
      expect(made).toMatchObject({ email: "root@example.com", role: "admin" });
      await resetPassword(bed.ctx, made!.id, "changed password!");
      expect(await ensureFirstAdmin(bed.ctx)).toBeNull();
      await failure(
        login(bed.ctx, { email: "root@example.com", password: "initial password" }, new Headers()),
      );
      expect(
        (await login(bed.ctx, { email: "root@example.com", password: "changed password!" }, new Headers()))
          .user.role,
      ).toBe("admin");
    } finally {
      await bed.cleanup();
    }
  });

  it("comes from the setup page only while no user exists; the API says so until then", async () => {
    const bed = await authTestbed();
    try {
      const before = await resolveUser(bed.ctx, new Headers());
      expect([before.problem?.code, before.problem?.status]).toEqual(["setup_required", 503]);
      const { user, setCookies } = await setUpFirstAdmin(
        bed.ctx,
        { email: "first@example.com", password: "first admin password" },
        new Headers(),
      );
      expect(user).toMatchObject({ role: "admin", via: "session" });
      expect(setCookies.join()).toMatch(/^studio\.session_token=/);
      const again = await failure(
        setUpFirstAdmin(
          bed.ctx,
          { email: "second@example.com", password: "second password!" },
          new Headers(),
        ),
      );
      expect([again.code, again.status]).toEqual(["not_found", 404]);
      expect((await resolveUser(bed.ctx, new Headers())).problem?.code).toBe("unauthorized");
    } finally {
      await bed.cleanup();
    }
  });

  it("needs the setup code from the log when the studio is reachable beyond loopback", async () => {
    const bed = await authTestbed({ setupCodeRequired: true });
    try {
      const code = await setupCode(bed.ctx);
      expect(code).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
      const input = { email: "first@example.com", password: "first admin password" };
      for (const setupCode of [undefined, "0000-0000-0000"]) {
        const refused = await failure(setUpFirstAdmin(bed.ctx, { ...input, setupCode }, new Headers()));
        expect([refused.status, refused.issues[0].path, refused.issues[0].code]).toEqual([
          403,
          "setupCode",
          "setup_code_mismatch",
        ]);
        expect(inChinese(refused.issues[0], "设置码")).toBe("设置码与工作室日志中的代码不一致");
      }
      expect(await bed.db.user.count()).toBe(0);
      const made = await setUpFirstAdmin(bed.ctx, { ...input, setupCode: code.toLowerCase() }, new Headers());
      expect(made.user.email).toBe("first@example.com");
    } finally {
      await bed.cleanup();
    }
  });
});
