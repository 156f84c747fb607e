import "server-only";
import { isAppManifestPath } from "../app-manifest";
import { StudioError } from "../errors";
import { isSharePagePath } from "../shares/paths";
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
  // A share link's page is for people without an account: the link itself is the credential.
  if (isSharePagePath(path)) return { redirect: null, setCookies: [] };
  // The web app manifest and its icons: a browser fetches them to offer installing, and they say
  // nothing about anyone's work.
  if (isAppManifestPath(path)) return { redirect: null, setCookies: [] };
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

const DUMMY_ORIGIN = "http://studio.invalid";

/**
 * Where to go after login: only a path on this studio, else "/". Browsers and the URL parser drop
 * tabs and newlines and read `\` as `/`, so `/\tevil`, `/\evil` and `/%09/evil` (decoded) all
 * become `//evil` — another site. The value is therefore refused outright when it holds any of
 * them, then resolved against a dummy origin and kept only if it stays on that origin and its
 * normalized path does not start with `//` (`/.//evil` resolves to `//evil`).
 */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith("/") || next.startsWith("//")) return "/";
  if (/[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(next)) return "/";
  let url: URL;
  try {
    url = new URL(next, DUMMY_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== DUMMY_ORIGIN || url.pathname.startsWith("//")) return "/";
  return url.pathname + url.search + url.hash;
}
