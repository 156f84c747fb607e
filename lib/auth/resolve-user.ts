import "server-only";
import { StudioError } from "../errors";
import type { AuthContext } from "./context";
import { LOCAL_USER } from "./local-user";
import { sessionUser } from "./sessions";
import { TOKEN_PREFIX, userFromToken } from "./tokens";
import type { StudioUser } from "./types";

export type Resolution = {
  /** Who the request acts for; null when it carries no valid credential. */
  user: StudioUser | null;
  /** Why there is no user, as the error a route that needs one answers. */
  problem: StudioError | null;
  /** Cookies to send back (a refreshed or cleared session cookie). */
  setCookies: string[];
};

/**
 * Who a request acts for. With accounts off, always the local admin (any Authorization header is
 * ignored, as before accounts). With accounts on: an `Authorization: Bearer mst_…` token when the
 * header is present — and then only that — otherwise the session cookie. The same token in
 * `x-goog-api-key` counts too: it is where the official `@google/genai` SDK puts its apiKey, so that
 * SDK works against /api/llm unchanged (issue 23); the upstream's key is refused there as well.
 */
export async function resolveUser(ctx: AuthContext, headers: Headers): Promise<Resolution> {
  if (!ctx.config.enabled) return { user: LOCAL_USER, problem: null, setCookies: [] };
  try {
    const authorization = headers.get("authorization");
    if (authorization !== null)
      return { user: await bearerUser(ctx, authorization), problem: null, setCookies: [] };
    const googKey = headers.get("x-goog-api-key");
    if (googKey !== null)
      return { user: await bearerUser(ctx, `Bearer ${googKey.trim()}`), problem: null, setCookies: [] };
    const { user, setCookies } = await sessionUser(ctx, headers);
    if (user) return { user, problem: null, setCookies };
    return { user: null, problem: await missingCredential(ctx), setCookies };
  } catch (error) {
    if (error instanceof StudioError) return { user: null, problem: error, setCookies: [] };
    throw error;
  }
}

async function bearerUser(ctx: AuthContext, authorization: string): Promise<StudioUser> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match || !match[1].startsWith(TOKEN_PREFIX)) {
    // The upstream key is never a studio credential: it would let whoever holds it spend as anyone.
    throw new StudioError(
      "unauthorized",
      `Authorization must be "Bearer ${TOKEN_PREFIX}…", a personal API token of this studio (Account page); ` +
        "the upstream's key is not accepted here.",
    );
  }
  return userFromToken(ctx, match[1]);
}

async function missingCredential(ctx: AuthContext): Promise<StudioError> {
  if ((await ctx.db.user.count()) === 0) {
    return new StudioError(
      "setup_required",
      "Accounts are on and no user exists yet: set up the first admin at /setup, with ADMIN_EMAIL and " +
        "ADMIN_PASSWORD, or with `npm run admin -- create-user --role admin`.",
    );
  }
  return new StudioError(
    "unauthorized",
    "Sign in first, or send a personal API token as Authorization: Bearer <token>.",
  );
}
