/**
 * PUT /api/account/locale through the real handler with accounts on: a signed-in user's choice is
 * kept on their account and in the cookie; before sign-in only the cookie; a locale we do not ship
 * is refused naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { apiTestDb, type ApiTestDb, type RouteHandler, type SignedIn } from "@/lib/testing/api-test-db";

let testDb: ApiTestDb;
let PUT: RouteHandler;
let mia: SignedIn;

beforeAll(async () => {
  testDb = apiTestDb({ AUTH_SECRET: "locale-test-secret-locale-test-secret-0123" });
  mia = await signedInUser("mia@example.com");
  ({ PUT } = (await import("./route")) as unknown as { PUT: RouteHandler });
});
afterAll(() => testDb?.close());

function put(body: unknown, headers = new Headers()) {
  headers.set("content-type", "application/json");
  return PUT(
    new Request("http://127.0.0.1/api/account/locale", {
      method: "PUT",
      headers,
      body: JSON.stringify(body),
    }),
  );
}

async function storedLocale(id: string) {
  const { db } = await import("@/lib/db");
  return (await db().user.findUniqueOrThrow({ where: { id }, select: { locale: true } })).locale;
}

describe("PUT /api/account/locale", () => {
  it("keeps a signed-in user's choice on the account and in the cookie", async () => {
    const response = await put({ locale: "zh-CN" }, new Headers(mia.headers));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ locale: "zh-CN" });
    expect(response.headers.getSetCookie().join("\n")).toMatch(/studio-locale=zh-CN;.*Max-Age=\d+/);
    expect(await storedLocale(mia.id)).toBe("zh-CN");

    await put({ locale: "en" }, new Headers(mia.headers));
    expect(await storedLocale(mia.id)).toBe("en");
  });

  it("sets only the cookie before sign-in", async () => {
    const response = await put({ locale: "zh-CN" });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join("\n")).toContain("studio-locale=zh-CN");
  });

  it("refuses a locale it does not ship, naming the field", async () => {
    const response = await put({ locale: "fr" }, new Headers(mia.headers));
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("invalid_request");
    expect(error.issues).toEqual([
      {
        path: "locale",
        message: "locale must be one of en, zh-CN",
        code: "not_one_of",
        params: { allowed: ["en", "zh-CN"] },
      },
    ]);
    expect(await storedLocale(mia.id)).toBe("en");
  });
});
