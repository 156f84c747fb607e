import "server-only";
import { StudioError } from "../errors";
import type { AuthContext } from "./context";
import { sessionUser } from "./sessions";

/** Pages anyone may open while accounts are on (the rest need a session). */
const OPEN_PAGES = new Set(["/login", "/setup"]);

export type PageDecision = { redirect: string | null; setCookies: string[] };

/**
 * Where a page request must go instead, with accounts on: to /setup while no user exists (and
 * only then), to /login without a session (coming back afterwards), away from /login with one.
 * Runs in proxy.ts for every page request, client-side navigations included.
 */
export async function pageDecision(ctx: AuthContext, url: URL, headers: Headers): Promise<PageDecision> {
  const path = url.pathname.replace(/\/+$/, "") || "/";
  if ((await ctx.db.user.count()) === 0)
    return { redirect: path === "/setup" ? null : "/setup", setCookies: [] };
  if (path === "/setup") return { redirect: "/login", setCookies: [] };
  const { user, setCookies } = await sessionUser(ctx, headers).catch((error: unknown) => {
    if (error instanceof StudioError) return { user: null, setCookies: [] }; // disabled: sign in again
    throw error;
  });
  if (user)
    return { redirect: path === "/login" ? safeNext(url.searchParams.get("next")) : null, setCookies };
  if (OPEN_PAGES.has(path)) return { redirect: null, setCookies };
  return { redirect: `/login?next=${encodeURIComponent(path + url.search)}`, setCookies };
}

/** Only a path on this studio: `//evil.example` or `https://…` would make the login an open redirect. */
export function safeNext(next: string | null): string {
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/";
}
