/**
 * The one fetch for URLs the studio did not choose itself: result URLs the upstream hands back,
 * reference probes, anything later. Loopback, private, link-local (cloud metadata), CGNAT,
 * multicast and other non-public addresses are refused after DNS resolution and on every redirect
 * (docs/decisions/security.md), except the origins of the allow-list: the configured upstreams and
 * the built-in sandbox's path (lib/net/fetch-policy.ts).
 *
 * The check is pinned: the connection goes to the very addresses that were checked (undici's
 * `connect.lookup`), so a DNS answer that changes between check and connect (rebinding) cannot
 * slip through. Literal IP hosts never reach a lookup and are checked before the request.
 */
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";
import { isIpLiteral, unsafeAddressReason } from "./address-check";
import { fetchPolicy } from "./fetch-policy";

/** A DNS resolution: every address of a host name (tests inject one that answers what they need). */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export type FetchPolicy = {
  /**
   * URLs fetched without the address check: an origin ("https://api.example.com", all its paths)
   * or an origin with a path prefix ("http://127.0.0.1:3000/api/sandbox", that path and below).
   */
  allow: readonly string[];
  resolve?: Resolve;
  /** Redirects followed before giving up (each one checked again); 5 by default. */
  maxRedirects?: number;
};

/**
 * The options safe fetches take: plain GET/HEAD reads, never credentials. A POST (webhook
 * deliveries) carries a body and is never redirected: a 3xx is answered as it is, so the body is
 * not sent on to a second host.
 */
export type SafeFetchInit = {
  method?: "GET" | "HEAD" | "POST";
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
};

/**
 * A URL the studio will not fetch; the message names the host and the rule. `origin` is set when
 * the refusal was for the address alone, so that an entry in FETCH_ALLOW_PRIVATE would allow it.
 */
export class RefusedUrlError extends Error {
  readonly code = "ERR_REFUSED_URL";
  constructor(
    message: string,
    readonly origin?: string,
  ) {
    super(message);
    this.name = "RefusedUrlError";
  }
}

const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * fetch() for a URL from outside: http(s) only, redirects followed by hand (each hop checked),
 * addresses checked as above. Answers the final response unread (stream it or cancel its body);
 * throws RefusedUrlError for a refused URL and the network error otherwise.
 */
export async function safeFetch(
  url: string,
  init: SafeFetchInit = {},
  policy: FetchPolicy = fetchPolicy(),
): Promise<Response> {
  const maxRedirects = policy.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const start = parseHttpUrl(url);
  let current = start;
  let from: URL | undefined;
  for (let hop = 0; ; hop++) {
    const trusted = isAllowed(current, policy.allow);
    if (!trusted) checkLiteralHost(current, from);
    let response: Awaited<ReturnType<typeof undiciFetch>>;
    try {
      response = await undiciFetch(current.href, {
        method: init.method ?? "GET",
        headers: init.headers,
        body: init.body,
        signal: init.signal,
        redirect: "manual",
        dispatcher: trusted ? trustedAgent() : guardedAgent(policy.resolve ?? systemResolve),
      });
    } catch (error) {
      const found = findRefusal(error);
      // The lookup that refused knew only the host name; the origin is this hop's.
      const refused = found && new RefusedUrlError(found.message, current.origin);
      if (refused) throw from ? viaRedirect(refused, from) : refused;
      throw error;
    }
    const location = REDIRECTS.has(response.status) ? response.headers.get("location") : null;
    // undici's Response has the global one's WHATWG interface (Node's own fetch is undici), and
    // its body is a web ReadableStream.
    if (!location || init.method === "POST") return response as unknown as Response;
    await response.body?.cancel().catch(() => undefined);
    if (hop >= maxRedirects) {
      throw new RefusedUrlError(`${start.host} redirected more than ${maxRedirects} times; gave up.`);
    }
    from = current;
    current = parseHttpUrl(
      URL.canParse(location, current) ? new URL(location, current).href : location,
      from,
    );
  }
}

/** The http(s) URL, or a RefusedUrlError naming what is wrong with it. */
function parseHttpUrl(text: string, from?: URL): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RefusedUrlError(`"${text.slice(0, 80)}" is not a valid URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    const error = new RefusedUrlError(`${url.protocol} URLs are not fetched; only http(s).`);
    throw from ? viaRedirect(error, from) : error;
  }
  return url;
}

function isAllowed(url: URL, allow: readonly string[]): boolean {
  return allow.some((entry) => {
    let base: URL;
    try {
      base = new URL(entry);
    } catch {
      return false;
    }
    const prefix = base.pathname.replace(/\/+$/, "");
    if (base.origin !== url.origin) return false;
    return prefix === "" || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
  });
}

function checkLiteralHost(url: URL, from: URL | undefined): void {
  if (!isIpLiteral(url.hostname)) return;
  const reason = unsafeAddressReason(url.hostname);
  if (!reason) return;
  const error = new RefusedUrlError(
    `${url.hostname} is ${reason}; the studio does not fetch it.`,
    url.origin,
  );
  throw from ? viaRedirect(error, from) : error;
}

function viaRedirect(error: RefusedUrlError, from: URL): RefusedUrlError {
  return new RefusedUrlError(`${error.message} (reached by a redirect from ${from.host})`, error.origin);
}

function findRefusal(error: unknown): RefusedUrlError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof RefusedUrlError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * net.connect's lookup: resolves, refuses the host when any of its addresses is not public (a
 * name with both kinds is a rebinding trick, not a CDN), and hands net exactly the checked list.
 */
function checkedLookup(resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const addresses = found.filter((a) => !options.family || a.family === options.family);
        if (addresses.length === 0) {
          const error = Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" });
          return callback(error, "", 0);
        }
        for (const { address } of addresses) {
          const reason = unsafeAddressReason(address);
          if (reason) {
            const error = new RefusedUrlError(
              `${hostname} resolves to ${address}, ${reason}; the studio does not fetch it.`,
            );
            return callback(error as NodeJS.ErrnoException, "", 0);
          }
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

// One pool per resolver: connections are only ever made to checked addresses, so reuse is safe.
const guardedAgents = new WeakMap<Resolve, Agent>();
function guardedAgent(resolve: Resolve): Agent {
  let agent = guardedAgents.get(resolve);
  if (!agent) {
    agent = new Agent({ connect: { lookup: checkedLookup(resolve) } });
    guardedAgents.set(resolve, agent);
  }
  return agent;
}

let trusted: Agent | undefined;
function trustedAgent(): Agent {
  trusted ??= new Agent();
  return trusted;
}
