/**
 * The redirect after login (issue 18, finding 8) through the real proxy: a signed-in user opening
 * /login?next=… is sent on with 303, and only ever to a path on this studio.
 */
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeaders } from "@/lib/auth/testing/auth-testbed";
import { setEnv } from "@/lib/testing/env-vars";
import { createTempDb } from "@/lib/testing/temp-db";

const ORIGIN = "http://localhost:3000"; // NextRequest reads a loopback address as localhost
let restoreEnv: () => void;
let temp: ReturnType<typeof createTempDb>;
let session: Headers;
let proxy: typeof import("@/proxy").proxy;

beforeAll(async () => {
  temp = createTempDb();
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    TRACKER: "0",
    AUTH: "on",
    AUTH_SECRET: "redirect-test-secret-redirect-test-secret-0123",
  });
  const ctx = await (await import("@/lib/auth/context")).authContext();
  await (
    await import("@/lib/auth/users")
  ).createUser(ctx, { email: "ann@example.com", password: "a long password" });
  const { signIn } = await import("@/lib/auth/sessions");
  session = cookieHeaders(
    (await signIn(ctx, { email: "ann@example.com", password: "a long password" }, new Headers())).setCookies,
  );
  proxy = (await import("@/proxy")).proxy;
});

afterAll(async () => {
  const { db } = await import("@/lib/db");
  await db().$disconnect();
  await temp?.cleanup();
  restoreEnv?.();
});

async function afterLogin(rawQuery: string): Promise<string> {
  const headers = new Headers(session);
  headers.set("host", "localhost:3000");
  const response = await proxy(new NextRequest(`${ORIGIN}/login?next=${rawQuery}`, { headers }));
  expect(response.status).toBe(303);
  return response.headers.get("location") ?? "";
}

describe("/login?next= for a signed-in user", () => {
  // The raw query as an attacker writes it in a link (percent-encoded where a browser would send it so).
  it.each([
    "/%09/evil.example",
    "//evil.example",
    "/%5Cevil.example",
    "/%5C/evil.example",
    "%2F%2Fevil.example",
    "https://evil.example",
    "https%3A%2F%2Fevil.example",
    "/%0A/evil.example",
    "/%0D/evil.example",
    "/%09%09/evil.example",
    "%09//evil.example",
    "/.//evil.example",
    "/./%5Cevil.example",
    "javascript:alert(1)",
    "javascript%3Aalert(1)",
    "/%00/evil.example",
    "%20//evil.example",
    "http:evil.example",
    "/%E2%80%A8/evil.example",
  ])("%s goes home, never to another site", async (next) => {
    expect(await afterLogin(next)).toBe(`${ORIGIN}/`);
  });

  it.each([
    ["/gallery", "/gallery"],
    ["%2Fgallery%3Fq%3Dcat%26kind%3Dimage", "/gallery?q=cat&kind=image"],
    ["/batches/abc", "/batches/abc"],
    ["/a/../gallery", "/gallery"],
  ])("%s is followed", async (next, path) => {
    expect(await afterLogin(next)).toBe(`${ORIGIN}${path}`);
  });
});
