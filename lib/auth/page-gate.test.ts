import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTestbed } from "./testing/auth-testbed";
import { pageDecision } from "./page-gate";
import { createUser } from "./users";

/** With accounts on, exactly a share link's page opens without a session (issue 21). */
let bed: Awaited<ReturnType<typeof authTestbed>>;

beforeAll(async () => {
  bed = await authTestbed();
  await createUser(bed.ctx, { email: "owner@example.com", password: "a long password", role: "admin" });
});
afterAll(() => bed.cleanup());

const decide = (path: string) =>
  pageDecision(bed.ctx, new URL(`http://127.0.0.1:3000${path}`), new Headers());

describe("the page gate", () => {
  it("lets /s/<token> through without a session, and nothing else under /s", async () => {
    const token = "A".repeat(43);
    expect((await decide(`/s/${token}`)).redirect).toBeNull();
    expect((await decide(`/s/${token}/`)).redirect).toBeNull();
    for (const path of [`/s/${token}/other`, "/s", "/gallery", `/gallery?s=/s/${token}`]) {
      expect((await decide(path)).redirect, path).toMatch(/^\/login\?next=/);
    }
  });
});
