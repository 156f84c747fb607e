import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { isStudioError, StudioError } from "@/lib/errors";
import { formatBytes } from "@/lib/format/bytes";
import { guardConfig, guardRequest } from "@/lib/http/guard";
import { API_SECURITY_HEADERS, createNonce, pageSecurityHeaders } from "@/lib/http/security-headers";
import { sharePageToken } from "@/lib/shares/paths";

/**
 * The one guard in front of every route, pages, APIs and static files alike (lib/http/guard.ts):
 * refuses foreign Host headers (421), cross-origin state-changing requests (403) and malformed
 * paths (400) with the studio's JSON error body, and sets the security headers of every response.
 * The routes that take large bodies are not matched: Next.js copies a proxied body into memory
 * before the proxy runs, so they guard themselves in route() (lib/http/body-routes.ts).
 */
export const config = {
  // Must name the same paths as lib/http/body-routes.ts BODY_ROUTES (body-routes.test.ts checks).
  matcher: [
    "/((?!api/uploads$|api/chat/attachments$|api/assets$|api/assets/upload$|api/llm/.|api/v1/[^/]+/videos$).*)",
  ],
};

export async function proxy(request: NextRequest) {
  const studio = env();
  // /metrics is an API for a scraper (its own token: lib/metrics/scrape.ts), not a page behind the login.
  const isPage =
    !/^\/(api|_next)\//.test(request.nextUrl.pathname) && request.nextUrl.pathname !== "/metrics";
  const nonce = isPage ? createNonce() : "";
  const headers = isPage
    ? pageSecurityHeaders(
        nonce,
        studio.development,
        studio.auth.sso ? [new URL(studio.auth.sso.issuer).origin] : [],
      )
    : API_SECURITY_HEADERS;
  try {
    guardRequest(
      { method: request.method, pathname: rawPathname(request), headers: request.headers },
      guardConfig(studio),
    );
  } catch (error) {
    if (!isStudioError(error)) throw error;
    await discardBody(request);
    return withHeaders(refusal(error.toJSON(), error.status), API_SECURITY_HEADERS);
  }
  const overLimit = await bodyOverLimit(request, studio.bodyLimits.task);
  if (overLimit) return withHeaders(refusal(overLimit.toJSON(), overLimit.status), API_SECURITY_HEADERS);
  const shareToken = sharePageToken(request.nextUrl.pathname);
  if (!isPage) {
    const response = withHeaders(NextResponse.next(), headers);
    if (request.nextUrl.pathname.startsWith("/api/s/")) response.headers.set("X-Robots-Tag", NOINDEX);
    return response;
  }
  if (shareToken !== null) {
    // A revoked, unknown or expired link answers here, with its own status (404/410/429).
    const gone = await shareGone(request, shareToken);
    if (gone) return withHeaders(gone, headers);
  }
  // With accounts on, pages need a session (API routes check theirs in lib/http/route.ts); a share
  // link's page does not (lib/auth/page-gate.ts lets exactly /s/<token> through).
  const gate = studio.auth.enabled ? await pageGate(request) : { redirect: null, setCookies: [] };
  if (gate.redirect) {
    return withCookies(
      withHeaders(NextResponse.redirect(new URL(gate.redirect, request.url), 303), headers),
      gate,
    );
  }
  // Next.js reads the nonce from the request's policy and puts it on the scripts it renders.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]);
  const response = withCookies(
    withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), headers),
    gate,
  );
  if (shareToken !== null) response.headers.set("X-Robots-Tag", NOINDEX);
  return response;
}

const NOINDEX = "noindex, nofollow";

async function shareGone(request: NextRequest, token: string): Promise<Response | null> {
  const [{ db }, { shareGonePage }] = await Promise.all([
    import("@/lib/db"),
    import("@/lib/shares/gone-page"),
  ]);
  return shareGonePage(db(), token, request.headers);
}

async function pageGate(request: NextRequest) {
  const [{ authContext }, { pageDecision }] = await Promise.all([
    import("@/lib/auth/context"),
    import("@/lib/auth/page-gate"),
  ]);
  return pageDecision(await authContext(), request.nextUrl, request.headers);
}

function withCookies<T extends Response>(response: T, { setCookies }: { setCookies: string[] }): T {
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
}

// A complete, uncompressed answer: Chrome cancels a cross-origin no-cors read of JSON as soon as it
// sees the headers, and a chunked or gzipped body still on its way then ends in a reset connection.
function refusal(body: unknown, status: number): Response {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  return new Response(bytes, {
    status,
    headers: {
      "Content-Type": "application/json",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "no-store, no-transform",
    },
  });
}

// Next.js has already buffered the body (up to proxyClientMaxBodySize) for the route; an unread copy
// here stays in memory, and a browser closing the connection afterwards surfaces as an uncaught
// "aborted" error. Reading it to the end releases both.
async function discardBody(request: NextRequest): Promise<void> {
  const reader = request.body?.getReader();
  if (!reader) return;
  try {
    while (!(await reader.read()).done);
  } catch {
    // the client went away: nothing left to release
  }
}

/**
 * Next.js hands the route its own copy of the body, cut silently at proxyClientMaxBodySize (the
 * task body limit plus a margin: next.config.mjs). Reading the proxy's copy releases it at once and
 * tells whether the body was larger than any proxied route takes, which is said here with a 413
 * instead of the route failing on a cut body.
 */
async function bodyOverLimit(request: NextRequest, limit: number): Promise<StudioError | null> {
  const reader = request.body?.getReader();
  if (!reader) return null;
  let size = 0;
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read())
      size += part.value.byteLength;
  } catch {
    return null; // the client went away: the route finds that out itself
  }
  if (size <= limit) return null;
  return new StudioError(
    "payload_too_large",
    `The request body is larger than this route accepts: at most ${formatBytes(limit)} (TASK_BODY_LIMIT_BYTES). Files go to the upload routes.`,
    { details: { limitBytes: limit } },
  );
}

// nextUrl.pathname may already be normalized; the guard must see the escapes as the client sent them.
function rawPathname(request: NextRequest): string {
  const url = request.url;
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const end = url.search(/[?#]/);
  return start < 0 ? "/" : url.slice(start, end < 0 ? undefined : end);
}

function withHeaders<T extends Response>(response: T, headers: Record<string, string>): T {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
