import { expect } from "vitest";
import type { AuthConfig } from "../../env";
import { StudioError } from "../../errors";
import { createTempDb } from "../../testing/temp-db";
import { createAuthContext, type AuthContext } from "../context";

const TEST_AUTH_CONFIG: AuthConfig = {
  enabled: true,
  firstAdmin: null,
  secret: "test-secret-test-secret-test-secret-0123",
  sessionDays: 7,
  trustedProxies: [],
  secureCookies: false,
  setupCodeRequired: false,
  passwordLogin: true,
  sso: null,
};

/** A real SQLite file with every migration and a better-auth context on it; `clock` moves time. */
export async function authTestbed(config: Partial<AuthConfig> = {}) {
  const temp = createTempDb();
  const ctx: AuthContext = await createAuthContext(
    temp.db,
    { ...TEST_AUTH_CONFIG, ...config },
    "http://127.0.0.1:3000",
  );
  const clock = { offsetMs: 0 };
  ctx.now = () => Date.now() + clock.offsetMs;
  return {
    ctx,
    db: temp.db,
    url: temp.url,
    config: { ...TEST_AUTH_CONFIG, ...config },
    clock,
    cleanup: temp.cleanup,
  };
}

/** Request headers carrying the cookies a response set (name=value only, as a browser sends them). */
export function cookieHeaders(setCookies: string[], extra: Record<string, string> = {}): Headers {
  const cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
  return new Headers({ cookie, ...extra });
}

/** The StudioError a promise rejects with (the test fails if it resolves or throws anything else). */
export async function failure(promise: Promise<unknown>): Promise<StudioError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StudioError);
  return error as StudioError;
}

/**
 * A user created and signed in through the studio's own auth context (the route tests' setEnv comes
 * first, hence the late imports): its id and the headers its browser would send.
 */
export async function signedInUser(email: string, role: "admin" | "member" = "member") {
  const [{ authContext }, { createUser }, { signIn }] = await Promise.all([
    import("../context"),
    import("../users"),
    import("../sessions"),
  ]);
  const ctx = await authContext();
  const user = await createUser(ctx, { email, password: "a long password", role });
  const session = await signIn(ctx, { email, password: "a long password" }, new Headers());
  return { id: user.id, headers: cookieHeaders(session.setCookies) };
}
