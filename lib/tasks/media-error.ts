import type { Failure } from "../errors";
import type { RefusedUrlError } from "../net/safe-fetch";

/**
 * A download refused by the address policy (lib/net/safe-fetch.ts) is stored as one text with two
 * audiences: what anyone may read, then — after this mark — what only admins see (the internal
 * address, the origin and the setting that allows it). Members never learn the studio's internal
 * addresses from a result URL; admins learn what to change.
 */
const ADMIN_MARK = "\n[admin] ";

export type ErrorAudience = "admin" | "member";

const REFUSED = "download_refused_address";
const ALLOW_SETTING = "FETCH_ALLOW_PRIVATE";

/**
 * The stored Media.error for a result URL the policy refused. Its params (the refusal, the origin
 * and the setting that allows it) are for admins: `mediaFailureFor` drops them for members, and
 * the setting is a param so no page's messages name it.
 */
export function refusedDownloadFailure(refused: RefusedUrlError): Failure {
  const everyone =
    "The result URL is on an address the studio does not fetch (a private or internal network), " +
    "so the file was not stored. An admin can allow that address; then retry the download.";
  const allow = refused.origin
    ? ` To allow it, add its origin to ${ALLOW_SETTING} (${ALLOW_SETTING}=${refused.origin}, ` +
      "comma-separated with any others), restart the studio, then retry the download."
    : "";
  return {
    code: REFUSED,
    message: `${everyone}${ADMIN_MARK}Refused: ${refused.message}${allow}`,
    params: {
      refusal: refused.message,
      ...(refused.origin ? { origin: refused.origin, setting: ALLOW_SETTING } : {}),
    },
  };
}

/** A stored Media.error as `audience` may read it: the admin part only for admins. */
export function mediaErrorFor(stored: string | null, audience: ErrorAudience): string | null {
  if (stored === null) return null;
  const at = stored.indexOf(ADMIN_MARK);
  if (at < 0) return stored;
  return audience === "admin"
    ? `${stored.slice(0, at)} ${stored.slice(at + ADMIN_MARK.length)}`
    : stored.slice(0, at);
}

/**
 * A media row's failure as `audience` may read it: the sentence as `mediaErrorFor` cuts it, and a
 * refused address's code and params as that audience's sentence needs them (an admin's names the
 * refusal and how to allow it; a member's names nothing).
 */
export function mediaFailureFor(failure: Failure | null, audience: ErrorAudience): Failure | null {
  if (!failure) return null;
  const message = mediaErrorFor(failure.message, audience) ?? failure.message;
  if (failure.code !== REFUSED) return { ...failure, message };
  if (audience === "member") return { code: REFUSED, message };
  const code = failure.params?.origin ? `${REFUSED}_allow` : `${REFUSED}_admin`;
  return { code, message, params: failure.params };
}

const HIDDEN_ADDRESS = "{internal address}";
const HIDDEN_PATH = "{path}";

// What the network and file-system errors of Node say, in words a member can act on.
const SYSTEM_CODES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ETIMEDOUT: "timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "name lookup failed",
  EPIPE: "connection closed",
  ENOSPC: "disk full",
  EACCES: "permission denied",
  EROFS: "read-only disk",
};

// Order matters: whole URLs on internal hosts first, then bare addresses, then paths.
const INTERNAL_PATTERNS: [RegExp, string][] = [
  [
    /\b[a-z][a-z0-9+.-]*:\/\/(?:[^\s/@]*@)?(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\]|localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)*:\d{1,5})[^\s'")\]]*/gi,
    HIDDEN_ADDRESS,
  ],
  [/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b/g, HIDDEN_ADDRESS],
  [/\[[0-9a-f:.]*:[0-9a-f:.]*\](?::\d{1,5})?/gi, HIDDEN_ADDRESS],
  [/(?<![\w:])[0-9a-f]{0,4}::[0-9a-f:]*(?::\d{1,5})?(?![\w:])/gi, HIDDEN_ADDRESS],
  [/\blocalhost(?::\d{1,5})?\b/gi, HIDDEN_ADDRESS],
  // host:port with a dotted name (a time such as 13:44:47 has no dotted name before its colon).
  [/\b(?=[a-z0-9.-]*[a-z])[a-z0-9-]+(?:\.[a-z0-9-]+)+:\d{1,5}\b/gi, HIDDEN_ADDRESS],
  // Absolute file paths as Node's errors quote them ("open '/var/media/…'"), or under a system
  // root; an API path in an upstream message ("POST /v2/…") stays.
  [/(?<=['"])\/(?:[\w.@+-]+\/)*[\w.@+-]+(?=['"])/g, HIDDEN_PATH],
  [/(?<=^|[\s(=,])\/(?:tmp|var|home|srv|data|mnt|opt|work|usr|etc|root|app|Users)\/[\w.@+/-]*/g, HIDDEN_PATH],
];

/**
 * The one masking point for storage and network error texts shown to members: hosts, ports, IP
 * addresses and file paths become placeholders, system codes become words ("connect ECONNREFUSED
 * 127.0.0.1:9000" → "connection refused {internal address}"). Admins read the text whole.
 */
export function maskInternal(text: string): string;
export function maskInternal(text: string | null): string | null;
export function maskInternal(text: string | null): string | null {
  if (text === null) return null;
  let out = text;
  for (const [pattern, replacement] of INTERNAL_PATTERNS) out = out.replace(pattern, replacement);
  return out.replace(/\b(?:connect )?(E[A-Z_]{3,})\b( ?)/g, (whole, code: string, space: string) =>
    SYSTEM_CODES[code] ? `${SYSTEM_CODES[code]}${space && " "}` : whole,
  );
}

/** A stored error text (task or media) as `audience` may read it. */
export function errorTextFor(text: string, audience: ErrorAudience): string;
export function errorTextFor(text: string | null, audience: ErrorAudience): string | null;
export function errorTextFor(text: string | null, audience: ErrorAudience): string | null {
  return audience === "admin" ? text : maskInternal(text);
}
