import "server-only";
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { authContext, type AuthContext } from "../auth/context";
import { isSignedFileRequest, SIGNED_LINK_USER } from "../auth/file-links";
import { LOCAL_USER } from "../auth/local-user";
import { resolveUser } from "../auth/resolve-user";
import type { StudioUser } from "../auth/types";
import { env } from "../env";
import { StudioError } from "../errors";
import { guardBodyRoute, isBodyRoute, withApiHeaders } from "./body-routes";
import { errorResponse } from "./respond";
import { observeRequest, routePattern } from "./request-metrics";
import { currentRequestContext, log, withRequestContext, type RequestContext } from "../log";

/**
 * The one way to write an API route (in the spirit of dub's `withWorkspace`): it resolves who the
 * request acts for (session cookie or API token; the local admin with accounts off), refuses with
 * 401/403/503 before the handler runs, parses params and search params with zod, and maps every
 * thrown error to the studio's JSON error body. app/api/route-coverage.test.ts fails for any
 * exported method not built with it, so no route can forget the check.
 */
/**
 * `file`: a stored file's GET/HEAD, which also opens to an unexpired signed link to its own path
 * (the upstream fetching a reference has no account: lib/auth/file-links.ts).
 */
export type Access = "public" | "user" | "admin" | "file";

/**
 * `session`: only a signed-in browser session (or the local admin with accounts off) may call it,
 * never an API token or a signed link. Every route that manages passwords, accounts, roles or
 * tokens is built so (route-coverage.test.ts checks), so a leaked token cannot mint credentials,
 * take over an admin or lock its owner out.
 */
export type Credential = "any" | "session";

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.infer<S> : Record<string, never>;

export type RouteArgs<A extends Access, P extends Schema, S extends Schema> = {
  request: Request;
  /** Never null unless the route is public. */
  user: A extends "public" ? StudioUser | null : StudioUser;
  params: Parsed<P>;
  searchParams: Parsed<S>;
  /** The account functions' context (lib/auth), for the routes that manage accounts. */
  auth: () => Promise<AuthContext>;
};

type NextContext = { params?: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = ((request: Request, context?: NextContext) => Promise<Response>) & {
  readonly [ACCESS]: Access;
  readonly [CREDENTIAL]: Credential;
};

const ACCESS = Symbol.for("model-studio.route-access");
const CREDENTIAL = Symbol.for("model-studio.route-credential");

export function route<A extends Access, P extends Schema = undefined, S extends Schema = undefined>(
  options: { auth: A; credential?: Credential; params?: P; search?: S },
  handler: (args: RouteArgs<A, P, S>) => Promise<Response>,
): RouteHandler {
  const run = async (request: Request, context?: NextContext): Promise<Response> => {
    const started = performance.now();
    const pathname = new URL(request.url).pathname;
    // Routes outside proxy.ts (large bodies: lib/http/body-routes.ts) get its guard and headers here,
    // before auth and before a byte of the body is read.
    const bodyRoute = isBodyRoute(pathname);
    const pattern = routePattern(pathname, (await context?.params?.catch(() => undefined)) ?? {});
    const requestLog: RequestContext = {
      requestId: requestId(request.headers),
      route: pattern,
      method: request.method,
    };
    const response = await withRequestContext(requestLog, async () => {
      const handled = await handle(request, context, bodyRoute);
      return bodyRoute ? withApiHeaders(handled) : handled;
    });
    const seconds = (performance.now() - started) / 1000;
    observeRequest({ method: request.method, route: pattern, status: response.status, seconds });
    // Probes and scrapes come every few seconds: their lines only at debug.
    const quiet = QUIET_ROUTES.has(pattern) && response.status < 500;
    log()[quiet ? "debug" : "info"](
      { ...requestLog, status: response.status, durationMs: Math.round(seconds * 1000) },
      "request",
    );
    return withHeader(response, "X-Request-Id", requestLog.requestId);
  };
  const handle = async (request: Request, context: NextContext | undefined, bodyRoute: boolean) => {
    let setCookies: string[] = [];
    try {
      if (bodyRoute) guardBodyRoute(request);
      // With accounts off nothing is looked up (and nothing awaited): the local admin, as before accounts.
      const resolution = env().auth.enabled ? await resolveUser(await authContext(), request.headers) : LOCAL;
      setCookies = resolution.setCookies;
      const user =
        resolution.user ??
        (options.auth === "file" && (await isSignedFileRequest(request)) ? SIGNED_LINK_USER : null);
      const requestLog = currentRequestContext();
      if (requestLog && user) requestLog.userId = user.id;
      if (options.auth !== "public") {
        if (!user) throw resolution.problem ?? new StudioError("unauthorized", "Sign in first.");
        if (options.auth === "admin" && user.role !== "admin") {
          throw new StudioError("forbidden", "Only an admin of this studio can do this.");
        }
        if (options.credential === "session" && user.via !== "session" && user.via !== "local") {
          throw new StudioError(
            "forbidden",
            "This needs a signed-in session: an API token cannot manage passwords, accounts or tokens. Sign in at /login and do it there.",
          );
        }
      }
      const rawParams = (options.params && (await context?.params)) || {};
      const response = await handler({
        request,
        user: user as RouteArgs<A, P, S>["user"],
        params: (options.params ? options.params.parse(rawParams) : {}) as Parsed<P>,
        searchParams: (options.search
          ? options.search.parse(firstValues(new URL(request.url).searchParams))
          : {}) as Parsed<S>,
        auth: authContext,
      });
      return withCookies(response, setCookies);
    } catch (error) {
      return withCookies(errorResponse(error), setCookies);
    }
  };
  return Object.assign(run, {
    [ACCESS]: options.auth,
    [CREDENTIAL]: options.credential ?? "any",
  }) as RouteHandler;
}

/** The access level a route was built with, or undefined when it was not built with `route`. */
export function routeAccess(value: unknown): Access | undefined {
  return typeof value === "function" ? (value as Partial<RouteHandler>)[ACCESS] : undefined;
}

/** The credential a route requires, or undefined when it was not built with `route`. */
export function routeCredential(value: unknown): Credential | undefined {
  return typeof value === "function" ? (value as Partial<RouteHandler>)[CREDENTIAL] : undefined;
}

const LOCAL: Awaited<ReturnType<typeof resolveUser>> = { user: LOCAL_USER, problem: null, setCookies: [] };

/** `?a=1&a=2` → `{ a: "1" }`: the first value of each key. */
function firstValues(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in out)) out[key] = value;
  return out;
}

function withCookies(response: Response, setCookies: string[]): Response {
  if (!setCookies.length) return response;
  let out = response;
  try {
    for (const cookie of setCookies) out.headers.append("Set-Cookie", cookie);
  } catch {
    // immutable headers (a fetched response relayed as is): copy it, body stream included
    out = new Response(response.body, response);
    for (const cookie of setCookies) out.headers.append("Set-Cookie", cookie);
  }
  return out;
}

function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const out = new Response(response.body, response);
    out.headers.set(name, value);
    return out;
  }
}

const QUIET_ROUTES = new Set(["/metrics", "/api/health", "/api/health/live", "/api/health/ready"]);

/** The caller's X-Request-Id when it is a sane one (a proxy's), else a new one: on the log line and the response. */
function requestId(headers: Headers): string {
  const given = headers.get("x-request-id");
  return given && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

/** The `[id]` segment most routes have. */
export const idParams = z.object({ id: z.string().min(1) });
