import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../db-client";
import { StudioError } from "../errors";
import { createAuthContext } from "./context";
import { ensureFirstAdmin, setUpFirstAdmin, setupCode } from "./first-admin";
import { login } from "./login";
import { LOGIN_LIMITS } from "./login-throttle";
import { resolveUser } from "./resolve-user";
import { authTestbed, failure } from "./testing/auth-testbed";
import { createUser, resetPassword } from "./users";

const from = (ip: string) => new Headers({ "x-forwarded-for": `203.0.113.9, ${ip}` });

describe("login rate limits", () => {
  let bed: Awaited<ReturnType<typeof authTestbed>>;
  beforeAll(async () => {
    bed = await authTestbed();
    await createUser(bed.ctx, { email: "ann@example.com", password: "ann's long password" });
  });
  afterAll(() => bed.cleanup());

  it("refuse an account after 5 failures with 429 saying when, even with the right password", async () => {
    for (let i = 0; i < LOGIN_LIMITS.email.max; i++) {
      const wrong = await failure(
        login(bed.ctx, { email: "ann@example.com", password: "guess " + i }, from(`10.0.0.${i}`)),
      );
      expect(wrong.code).toBe("unauthorized");
    }
    const limited = await failure(
      login(bed.ctx, { email: "ANN@example.com", password: "ann's long password" }, from("10.0.1.1")),
    );
    expect([limited.code, limited.status]).toEqual(["rate_limited", 429]);
    expect(limited.message).toBe("Too many login attempts for this account. Try again in 15 minutes.");
    expect(limited.details.retryAfterSeconds).toBeGreaterThan(14 * 60);

    bed.clock.offsetMs = LOGIN_LIMITS.email.windowMs + 1000;
    try {
      const ok = await login(
        bed.ctx,
        { email: "ann@example.com", password: "ann's long password" },
        from("10.0.1.1"),
      );
      expect(ok.user.email).toBe("ann@example.com");
    } finally {
      bed.clock.offsetMs = 0;
    }
  });

  it("refuse an address that sprays many accounts; successes do not count", async () => {
    await createUser(bed.ctx, { email: "ben@example.com", password: "ben's long password" });
    for (let i = 0; i < 3; i++) {
      await login(
        bed.ctx,
        { email: "ben@example.com", password: "ben's long password" },
        from("198.51.100.7"),
      );
    }
    for (let i = 0; i < LOGIN_LIMITS.ip.max; i++) {
      await failure(
        login(bed.ctx, { email: `nobody${i}@example.com`, password: "whatever" }, from("198.51.100.7")),
      );
    }
    const limited = await failure(
      login(bed.ctx, { email: "ben@example.com", password: "ben's long password" }, from("198.51.100.7")),
    );
    expect(limited.message).toMatch(
      /^Too many login attempts from your address\. Try again in 1[45] minutes\.$/,
    );
    // another address is not affected
    expect(
      (
        await login(
          bed.ctx,
          { email: "ben@example.com", password: "ben's long password" },
          from("198.51.100.8"),
        )
      ).user.email,
    ).toBe("ben@example.com");
  });

  it("count parallel guesses one by one", async () => {
    await createUser(bed.ctx, { email: "cy@example.com", password: "cy's long password" });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        login(bed.ctx, { email: "cy@example.com", password: `p${i}` }, from(`10.9.0.${i}`)),
      ),
    );
    const codes = results.map((r) => (r.status === "rejected" ? (r.reason as StudioError).code : "ok"));
    expect(codes.filter((c) => c === "unauthorized")).toHaveLength(LOGIN_LIMITS.email.max);
    expect(codes.filter((c) => c === "rate_limited")).toHaveLength(12 - LOGIN_LIMITS.email.max);
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
      for (let i = 0; i < LOGIN_LIMITS.email.max; i++) {
        const wrong = await failure(
          login(processes[i % 2], { email: "dee@example.com", password: `guess ${i}` }, from(`10.7.0.${i}`)),
        );
        expect(wrong.code).toBe("unauthorized");
      }
      for (const ctx of processes) {
        const limited = await failure(
          login(ctx, { email: "dee@example.com", password: "dee's long password" }, from("10.7.1.1")),
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
        expect([refused.status, refused.issues[0].path]).toEqual([403, "setupCode"]);
      }
      expect(await bed.db.user.count()).toBe(0);
      const made = await setUpFirstAdmin(bed.ctx, { ...input, setupCode: code.toLowerCase() }, new Headers());
      expect(made.user.email).toBe("first@example.com");
    } finally {
      await bed.cleanup();
    }
  });
});
