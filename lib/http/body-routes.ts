import { env } from "../env";
import { guardConfig, guardRequest } from "./guard";
import { API_SECURITY_HEADERS } from "./security-headers";

/**
 * The routes that take bodies larger than the proxy's buffer (next.config.mjs
 * `proxyClientMaxBodySize`): Next.js copies every body a proxy sees into memory up to that size,
 * before any check runs, so these routes are kept out of proxy.ts's matcher (its `config`, which
 * must list the same paths: lib/http/body-routes.test.ts compares them) and guard themselves in
 * `route()` — Host, Origin and path first, then auth, then a read that stops at their limit.
 */
export const BODY_ROUTES: readonly RegExp[] = [
  /^\/api\/uploads$/,
  /^\/api\/chat\/attachments$/,
  /^\/api\/assets$/,
  /^\/api\/assets\/upload$/,
  /^\/api\/llm\/.+$/,
  // The v1 create takes OpenAI's multipart form with an `input_reference` file (an upload's size).
  /^\/api\/v1\/[^/]+\/videos$/,
];

export function isBodyRoute(pathname: string): boolean {
  return BODY_ROUTES.some((pattern) => pattern.test(pathname));
}

/** proxy.ts's guard for a route it does not see: throws the StudioError that refuses the request. */
export function guardBodyRoute(request: Request): void {
  const headers = new Headers(request.headers);
  // Node refuses an HTTP/1.1 request without Host; an HTTP/1.0 one (no browser sends it, so no
  // rebinding page either) is judged by the address Next.js built its URL from, as are test requests.
  if (!headers.has("host")) headers.set("host", new URL(request.url).host);
  guardRequest({ method: request.method, pathname: rawPathname(request.url), headers }, guardConfig(env()));
}

/** The headers proxy.ts sets on API answers; a relayed answer's immutable headers are copied. */
export function withApiHeaders(response: Response): Response {
  let out = response;
  try {
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) out.headers.set(name, value);
  } catch {
    out = new Response(response.body, response);
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) out.headers.set(name, value);
  }
  return out;
}

// The path with its escapes as the client sent them (the guard refuses malformed ones).
export function rawPathname(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const end = url.search(/[?#]/);
  return start < 0 ? "/" : url.slice(start, end < 0 ? undefined : end);
}
