import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/components/i18n/testing/issue-words";
import { authTestbed, cookieHeaders, failure } from "./testing/auth-testbed";
import { setBudget } from "./budgets";
import { signIn, sessionUser, signOut } from "./sessions";
import { createUser, deleteUser, listUsers, resetPassword, updateUser } from "./users";

let bed: Awaited<ReturnType<typeof authTestbed>>;
beforeAll(async () => {
  bed = await authTestbed();
});
afterAll(() => bed.cleanup());

const noHeaders = () => new Headers();

describe("accounts", () => {
  it("stores a scrypt hash, never the password, and signs in with it", async () => {
    const user = await createUser(bed.ctx, { email: " Ada@Example.com ", password: "correct horse battery" });
    expect(user).toMatchObject({ email: "ada@example.com", name: "ada", role: "member", disabled: false });
    const account = await bed.db.account.findFirstOrThrow({ where: { userId: user.id } });
    expect(account.providerId).toBe("credential");
    expect(account.password).not.toContain("correct horse");
    expect(account.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/); // salt:scrypt key

    const { user: signedIn, setCookies } = await signIn(
      bed.ctx,
      { email: "ada@example.com", password: "correct horse battery" },
      noHeaders(),
    );
    expect(signedIn).toMatchObject({ id: user.id, role: "member", via: "session" });
    const cookie = setCookies.find((c) => c.startsWith("studio.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await sessionUser(bed.ctx, cookieHeaders(setCookies))).user?.id).toBe(user.id);
  });

  it("refuses a wrong password and a taken e-mail, naming the rule", async () => {
    await createUser(bed.ctx, { email: "bob@example.com", password: "bob's long password" });
    const wrong = await failure(
      signIn(bed.ctx, { email: "bob@example.com", password: "nope nope nope" }, noHeaders()),
    );
    expect([wrong.code, wrong.status, wrong.message]).toEqual([
      "unauthorized",
      401,
      "Wrong e-mail or password.",
    ]);
    const taken = await failure(
      createUser(bed.ctx, { email: "BOB@example.com", password: "another password" }),
    );
    expect([taken.code, taken.issues]).toEqual([
      "conflict",
      [{ path: "email", message: "is already taken", code: "already_taken" }],
    ]);
    expect(inChinese(taken.issues[0], "电子邮箱")).toBe("电子邮箱已被占用");
    await expect(createUser(bed.ctx, { email: "carol@example.com", password: "short" })).rejects.toThrow(
      /at least 10 characters/,
    );
  });

  it("ends a session on sign-out; an unknown cookie is no session", async () => {
    await createUser(bed.ctx, { email: "dan@example.com", password: "dan's long password" });
    const { setCookies } = await signIn(
      bed.ctx,
      { email: "dan@example.com", password: "dan's long password" },
      noHeaders(),
    );
    const headers = cookieHeaders(setCookies);
    const cleared = await signOut(bed.ctx, headers);
    expect(cleared.join("\n")).toMatch(/studio\.session_token=;.*Max-Age=0/);
    expect((await sessionUser(bed.ctx, headers)).user).toBeNull();
    expect(
      (await sessionUser(bed.ctx, new Headers({ cookie: "studio.session_token=forged.sig" }))).user,
    ).toBeNull();
  });

  it("disabling refuses sign-in and ends existing sessions; enabling lets the user back", async () => {
    const eve = await createUser(bed.ctx, { email: "eve@example.com", password: "eve's long password" });
    const creds = { email: "eve@example.com", password: "eve's long password" };
    const { setCookies } = await signIn(bed.ctx, creds, noHeaders());
    await updateUser(bed.ctx, eve.id, { disabled: true });
    expect((await sessionUser(bed.ctx, cookieHeaders(setCookies))).user).toBeNull();
    const refused = await failure(signIn(bed.ctx, creds, noHeaders()));
    expect([refused.code, refused.status]).toEqual(["account_disabled", 403]);
    await updateUser(bed.ctx, eve.id, { disabled: false });
    expect((await signIn(bed.ctx, creds, noHeaders())).user.id).toBe(eve.id);
  });

  it("a password reset ends every session; only the new password works", async () => {
    const fay = await createUser(bed.ctx, { email: "fay@example.com", password: "fay's old password" });
    const { setCookies } = await signIn(
      bed.ctx,
      { email: "fay@example.com", password: "fay's old password" },
      noHeaders(),
    );
    await resetPassword(bed.ctx, fay.id, "fay's new password");
    expect((await sessionUser(bed.ctx, cookieHeaders(setCookies))).user).toBeNull();
    await failure(signIn(bed.ctx, { email: "fay@example.com", password: "fay's old password" }, noHeaders()));
    expect(
      (await signIn(bed.ctx, { email: "fay@example.com", password: "fay's new password" }, noHeaders())).user
        .id,
    ).toBe(fay.id);
  });

  it("keeps one enabled admin: the last cannot be disabled, demoted or deleted", async () => {
    const root = await createUser(bed.ctx, {
      email: "root@example.com",
      password: "root's long password",
      role: "admin",
    });
    // One after another: started together, a refusal could come before its `await` (PostgreSQL
    // runs the three at once) and count as an unhandled rejection.
    for (const attempt of [
      () => updateUser(bed.ctx, root.id, { disabled: true }),
      () => updateUser(bed.ctx, root.id, { role: "member" }),
      () => deleteUser(bed.ctx, root.id),
    ]) {
      expect((await failure(attempt())).message).toMatch(/last enabled admin/);
    }
    const second = await createUser(bed.ctx, {
      email: "root2@example.com",
      password: "root2 long password",
      role: "admin",
    });
    await updateUser(bed.ctx, root.id, { role: "member" });
    expect((await failure(deleteUser(bed.ctx, second.id))).message).toMatch(/last enabled admin/);
  });

  it("two admins demoting each other at once leave one admin", async () => {
    const enabledAdmins = () => bed.db.user.findMany({ where: { role: "admin", banned: false } });
    // A race: several rounds, each with only its two admins enabled, so that the two demotions'
    // transactions overlap in some round.
    for (let round = 0; round < 8; round++) {
      const [a, b] = await Promise.all(
        ["a", "b"].map((name) =>
          createUser(bed.ctx, {
            email: `duo-${round}-${name}@example.com`,
            password: `duo ${round} ${name} long password`,
            role: "admin",
          }),
        ),
      );
      for (const other of await enabledAdmins())
        if (other.id !== a.id && other.id !== b.id) await updateUser(bed.ctx, other.id, { role: "member" });
      const outcomes = await Promise.allSettled([
        updateUser(bed.ctx, a.id, { role: "member" }),
        updateUser(bed.ctx, b.id, { role: "member" }),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      expect(await enabledAdmins()).toHaveLength(1);
    }
  });

  it("deleting a user removes their sessions, password and tokens", async () => {
    const gil = await createUser(bed.ctx, { email: "gil@example.com", password: "gil's long password" });
    const { setCookies } = await signIn(
      bed.ctx,
      { email: "gil@example.com", password: "gil's long password" },
      noHeaders(),
    );
    await bed.db.apiToken.create({ data: { userId: gil.id, name: "t", start: "mst_x", tokenHash: "h-gil" } });
    await deleteUser(bed.ctx, gil.id);
    expect(await bed.db.session.count({ where: { userId: gil.id } })).toBe(0);
    expect(await bed.db.account.count({ where: { userId: gil.id } })).toBe(0);
    expect(await bed.db.apiToken.count({ where: { userId: gil.id } })).toBe(0);
    expect((await sessionUser(bed.ctx, cookieHeaders(setCookies))).user).toBeNull();
    expect((await listUsers(bed.ctx)).map((u) => u.email)).not.toContain("gil@example.com");
  });

  it("stores budgets for the spend step: a field left out is kept, null removes it", async () => {
    const hal = await createUser(bed.ctx, { email: "hal@example.com", password: "hal's long password" });
    const none = { dailyTokens: null, monthlyTokens: null };
    expect(await setBudget(bed.ctx, hal.id, { daily: 5 })).toEqual({ daily: 5, monthly: null, ...none });
    expect(await setBudget(bed.ctx, hal.id, { monthly: 100.5 })).toEqual({
      daily: 5,
      monthly: 100.5,
      ...none,
    });
    expect(await setBudget(bed.ctx, hal.id, { daily: null })).toEqual({
      daily: null,
      monthly: 100.5,
      ...none,
    });
    expect(await setBudget(bed.ctx, hal.id, { dailyTokens: 5000 })).toEqual({
      daily: null,
      monthly: 100.5,
      dailyTokens: 5000,
      monthlyTokens: null,
    });
    await expect(setBudget(bed.ctx, hal.id, { daily: -1 })).rejects.toThrow(/must be 0 or more/);
    await expect(setBudget(bed.ctx, hal.id, { dailyTokens: 1.5 })).rejects.toThrow(/whole number of tokens/);
    await expect(setBudget(bed.ctx, hal.id, {})).rejects.toThrow(/give --daily, --monthly/);
    expect((await listUsers(bed.ctx)).find((u) => u.id === hal.id)?.budget).toEqual({
      daily: null,
      monthly: 100.5,
      dailyTokens: 5000,
      monthlyTokens: null,
    });
  });
});
