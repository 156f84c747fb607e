import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTestbed } from "./testing/auth-testbed";
import { pageDecision } from "./page-gate";
import { createUser } from "./users";

/** With accounts on, exactly a share link's page (issue 21) and the web app manifest with its icons (issue 27) open without a session. */
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

  it("lets the web app manifest and its icons through without a session, and no other file", async () => {
    for (const path of ["/manifest.webmanifest", "/icons/icon-192.png", "/icons/apple-touch-icon.png"]) {
      expect((await decide(path)).redirect, path).toBeNull();
    }
    for (const path of ["/icons/other.png", "/icons", "/manifest.json"]) {
      expect((await decide(path)).redirect, path).toMatch(/^\/login\?next=/);
    }
  });
});
