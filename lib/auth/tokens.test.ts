import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StudioError } from "../errors";
import { resolveUser } from "./resolve-user";
import { authTestbed } from "./testing/auth-testbed";
import { createToken, listTokens, revokeToken, userFromToken } from "./tokens";
import { createUser, updateUser } from "./users";

let bed: Awaited<ReturnType<typeof authTestbed>>;
let userId: string;
beforeAll(async () => {
  bed = await authTestbed();
  userId = (await createUser(bed.ctx, { email: "tok@example.com", password: "token owner password" })).id;
});
afterAll(() => bed.cleanup());

const bearer = (token: string) => new Headers({ authorization: `Bearer ${token}` });

async function problemOf(token: string) {
  const { user, problem } = await resolveUser(bed.ctx, bearer(token));
  expect(user).toBeNull();
  return problem as StudioError;
}

describe("API tokens", () => {
  it("are shown once and stored only as a digest", async () => {
    const created = await createToken(bed.ctx, userId, { name: "  ci  " });
    expect(created.token).toMatch(/^mst_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: "ci",
      start: created.token.slice(0, 10),
      expiresAt: null,
      revokedAt: null,
    });
    const row = await bed.db.apiToken.findUniqueOrThrow({ where: { id: created.id } });
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const listed = await listTokens(bed.ctx, userId);
    expect(listed.find((t) => t.id === created.id)).not.toHaveProperty("token");
    expect(await resolveUser(bed.ctx, bearer(created.token))).toMatchObject({
      user: { id: userId, email: "tok@example.com", via: "token" },
      problem: null,
    });
  });

  it("stop working when revoked, and another user cannot revoke them", async () => {
    const { id, token } = await createToken(bed.ctx, userId, { name: "laptop" });
    const other = await createUser(bed.ctx, { email: "other@example.com", password: "other long password" });
    await expect(revokeToken(bed.ctx, other.id, id)).rejects.toThrow(/no API token/);
    expect((await resolveUser(bed.ctx, bearer(token))).user?.id).toBe(userId);
    expect((await revokeToken(bed.ctx, userId, id)).revokedAt).not.toBeNull();
    const problem = await problemOf(token);
    expect([problem.code, problem.status, problem.message]).toEqual([
      "unauthorized",
      401,
      "The API token was revoked. Create a new one on the Account page.",
    ]);
  });

  it("expire after their days", async () => {
    const { token } = await createToken(bed.ctx, userId, { name: "short-lived", expiresInDays: 1 });
    expect((await userFromToken(bed.ctx, token)).id).toBe(userId);
    bed.clock.offsetMs = 86_400_000 + 1000;
    try {
      expect((await problemOf(token)).message).toMatch(/has expired/);
    } finally {
      bed.clock.offsetMs = 0;
    }
    await expect(createToken(bed.ctx, userId, { name: "x", expiresInDays: 0 })).rejects.toThrow(
      /at least 1 day/,
    );
  });

  it("are refused while their user is disabled, and work again once enabled", async () => {
    const { token } = await createToken(bed.ctx, userId, { name: "disabled-check" });
    await updateUser(bed.ctx, userId, { disabled: true });
    expect([(await problemOf(token)).code]).toEqual(["account_disabled"]);
    await updateUser(bed.ctx, userId, { disabled: false });
    expect((await resolveUser(bed.ctx, bearer(token))).user?.id).toBe(userId);
  });

  it("refuse unknown tokens and any other Authorization, such as the upstream key", async () => {
    expect((await problemOf("mst_" + "A".repeat(43))).message).toMatch(/is not a token of this studio/);
    for (const header of ["Bearer sk-live-upstream-key", "Basic dXNlcjpwdw==", "Bearer"]) {
      const { user, problem } = await resolveUser(bed.ctx, new Headers({ authorization: header }));
      expect(user).toBeNull();
      expect(problem?.message).toMatch(/the upstream's key is not accepted here/);
    }
  });

  it("with accounts off, any or no Authorization is the local admin", async () => {
    const off = { ...bed.ctx, config: { ...bed.ctx.config, enabled: false } };
    for (const headers of [new Headers(), bearer("sk-upstream")]) {
      expect((await resolveUser(off, headers)).user).toMatchObject({
        id: "local",
        role: "admin",
        via: "local",
      });
    }
  });
});
