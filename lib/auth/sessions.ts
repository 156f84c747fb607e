import "server-only";
import { isAPIError } from "better-auth/api";
import { StudioError } from "../errors";
import type { AuthContext } from "./context";
import { roleSchema } from "./password-policy";
import { disabledError, revokeAllTokens } from "./tokens";
import type { StudioUser } from "./types";

/**
 * Browser sessions through better-auth's server API: it checks the password (scrypt), writes the
 * session row and signs the cookie; the studio only carries the Set-Cookie headers it returns.
 * Each function answers the cookies to set alongside its result.
 */
export type WithCookies<T> = T & { setCookies: string[] };

type AuthUser = { id: string; email: string; name: string; role?: string | null; banned?: boolean | null };

function toStudioUser(user: AuthUser, via: StudioUser["via"]): StudioUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: roleSchema.catch("member").parse(user.role),
    via,
  };
}

const setCookiesOf = (headers: Headers) => headers.getSetCookie();

/** Signs in with e-mail and password (rate limits are the caller's: lib/auth/login.ts). */
export async function signIn(
  ctx: AuthContext,
  credentials: { email: string; password: string },
  requestHeaders: Headers,
): Promise<WithCookies<{ user: StudioUser }>> {
  try {
    const { headers, response } = await ctx.auth.api.signInEmail({
      body: { email: credentials.email, password: credentials.password, rememberMe: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    return { user: toStudioUser(response.user as AuthUser, "session"), setCookies: setCookiesOf(headers) };
  } catch (error) {
    throw fromAuthError(error);
  }
}

/** Ends the request's session (if any) and answers the cookies that clear it. */
export async function signOut(ctx: AuthContext, requestHeaders: Headers): Promise<string[]> {
  try {
    const { headers } = await ctx.auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
    return setCookiesOf(headers);
  } catch {
    // no session, or it was already gone: nothing to end, the cookie is cleared all the same
    const { name, attributes } = (await ctx.auth.$context).authCookies.sessionToken;
    return [`${name}=; Max-Age=0; Path=${attributes.path ?? "/"}; HttpOnly; SameSite=Lax`];
  }
}

/**
 * The user of the request's session cookie, or null without a valid one. A session that is used
 * late in its life is extended (sliding expiry): the refreshed cookie comes back in `setCookies`.
 */
export async function sessionUser(
  ctx: AuthContext,
  requestHeaders: Headers,
): Promise<WithCookies<{ user: StudioUser | null }>> {
  const { headers, response } = await ctx.auth.api.getSession({
    headers: requestHeaders,
    query: { disableCookieCache: true },
    returnHeaders: true,
  });
  if (!response) return { user: null, setCookies: setCookiesOf(headers) };
  const user = response.user as AuthUser;
  if (user.banned) throw disabledError();
  return { user: toStudioUser(user, "session"), setCookies: setCookiesOf(headers) };
}

/**
 * Changes the signed-in user's own password; their other sessions end, this one goes on, and
 * their API tokens are revoked (a token made by whoever knew the old password must not outlive it).
 */
export async function changeOwnPassword(
  ctx: AuthContext,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  requestHeaders: Headers,
): Promise<WithCookies<{ revokedTokens: number }>> {
  let setCookies: string[];
  try {
    const { headers } = await ctx.auth.api.changePassword({
      body: { ...input, revokeOtherSessions: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    setCookies = setCookiesOf(headers);
  } catch (error) {
    throw fromAuthError(error);
  }
  return { revokedTokens: await revokeAllTokens(ctx.db, userId, ctx.now()), setCookies };
}

/** better-auth's errors in the studio's shape, with the field they concern. */
function fromAuthError(error: unknown): unknown {
  if (!isAPIError(error)) return error;
  const code = (error.body as { code?: string } | undefined)?.code;
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return new StudioError("unauthorized", "Wrong e-mail or password.");
    case "BANNED_USER":
      return disabledError();
    case "INVALID_PASSWORD":
      return new StudioError("invalid_request", "currentPassword: is not your current password", {
        issues: [
          { path: "currentPassword", message: "is not your current password", code: "not_current_password" },
        ],
      });
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return new StudioError("conflict", "This account has no password yet: ask an admin to set one.");
    default:
      return new StudioError(
        error.statusCode === 401 ? "unauthorized" : "invalid_request",
        error.body?.message ?? error.message,
        { status: error.statusCode },
      );
  }
}
