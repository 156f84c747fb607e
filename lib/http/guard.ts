import { StudioError } from "../errors";

/**
 * The studio spends the upstream key's credits for whoever reaches it, so every request passes one
 * guard before any route runs (proxy.ts): it must be addressed to a host the studio answers to (a
 * DNS-rebinding page cannot read or change anything), and a state-changing request must come from
 * the studio's own pages or an allowed origin (another page in the same browser cannot submit,
 * delete or upload). Tools that send neither `Origin` nor `Sec-Fetch-Site` (curl, scripts against
 * the mirror API) are not browsers acting for another site, and pass.
 */
export type GuardConfig = {
  /** Host names beyond loopback: the configured ones, PUBLIC_BASE_URL's, a specific listen address. */
  allowedHosts: readonly string[];
  /** Origins beyond the request's own whose pages may send state-changing requests. */
  allowedOrigins: readonly string[];
};

export type GuardedRequest = { method: string; pathname: string; headers: Headers };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Throws the StudioError that refuses the request, or returns when it may go on. */
export function guardRequest(request: GuardedRequest, config: GuardConfig): void {
  const host = request.headers.get("host");
  if (!host) throw new StudioError("invalid_request", "The request has no Host header.");
  const hostname = hostnameOf(host);
  if (!isAllowedHost(hostname, config.allowedHosts)) {
    throw new StudioError(
      "host_not_allowed",
      `This studio does not answer to the host "${hostname}". If you reach it by that name (a reverse ` +
        `proxy, a LAN name), add it to ALLOWED_HOSTS or set PUBLIC_BASE_URL.`,
    );
  }
  if (!SAFE_METHODS.has(request.method.toUpperCase())) checkOrigin(request, host, config);
  checkPathEncoding(request.pathname);
}

function checkOrigin({ method, headers }: GuardedRequest, host: string, config: GuardConfig): void {
  const origin = headers.get("origin");
  if (origin !== null) {
    if (origin === "null") {
      throw new StudioError(
        "cross_origin",
        `${method} refused: it comes from a page with an opaque origin (a sandboxed frame or a local file).`,
      );
    }
    if (sameHost(origin, host) || config.allowedOrigins.includes(origin.toLowerCase())) return;
    throw new StudioError(
      "cross_origin",
      `${method} refused: it comes from a page on ${origin}, not from this studio. Another site ` +
        `cannot act on the studio on your behalf; to allow that origin, add it to ALLOWED_ORIGINS.`,
    );
  }
  // A browser that omits Origin still says where the request comes from.
  const site = headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") {
    throw new StudioError(
      "cross_origin",
      `${method} refused: the browser reports it as a ${site} request, not one from this studio.`,
    );
  }
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === new URL(`http://${host}`).host.replace(/:(80|443)$/, "");
  } catch {
    return false;
  }
}

// Next.js answers a malformed escape in a path with a plain-text 500 before any route runs.
function checkPathEncoding(pathname: string): void {
  for (const segment of pathname.split("/")) {
    try {
      decodeURIComponent(segment);
    } catch {
      throw new StudioError(
        "invalid_request",
        `The path segment "${segment.slice(0, 80)}" is not valid percent-encoding ("%" must be sent as "%25").`,
        { issues: [{ path: "path", message: "is not valid percent-encoding", code: "percent_encoding" }] },
      );
    }
  }
}

/** "[::1]:3000" → "::1", "Studio.LAN:3000" → "studio.lan", "example.com." → "example.com". */
export function hostnameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed);
  if (bracketed) return bracketed[1];
  const name = trimmed.split(":").length === 2 ? trimmed.slice(0, trimmed.lastIndexOf(":")) : trimmed;
  return name.replace(/\.$/, "");
}

export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (name === "::1" || name === "0:0:0:0:0:0:0:1") return true;
  const v4 = name.replace(/^::ffff:/, "");
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export function isAllowedHost(hostname: string, allowed: readonly string[]): boolean {
  if (isLoopbackHost(hostname)) return true;
  return allowed.some((entry) => {
    const pattern = hostnameOf(entry);
    return pattern.startsWith("*.")
      ? hostname.endsWith(pattern.slice(1)) && hostname.length > pattern.length - 1
      : hostname === pattern;
  });
}

/** The guard's configuration from the studio's (see lib/env.ts for each variable). */
export function guardConfig(env: {
  allowedHosts: readonly string[];
  allowedOrigins: readonly string[];
  publicBaseUrl: string | null;
  host: string;
}): GuardConfig {
  const hosts = [...env.allowedHosts];
  const origins = [...env.allowedOrigins];
  if (env.publicBaseUrl) {
    const url = new URL(env.publicBaseUrl);
    hosts.push(url.hostname);
    origins.push(url.origin);
  }
  // Listening on one specific address means being reached by it.
  if (!["0.0.0.0", "::", ""].includes(env.host)) hosts.push(env.host);
  return { allowedHosts: hosts, allowedOrigins: origins.map((o) => o.toLowerCase()) };
}
