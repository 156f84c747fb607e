import type { RefusedUrlError } from "../net/safe-fetch";

/**
 * A download refused by the address policy (lib/net/safe-fetch.ts) is stored as one text with two
 * audiences: what anyone may read, then — after this mark — what only admins see (the internal
 * address, the origin and the setting that allows it). Members never learn the studio's internal
 * addresses from a result URL; admins learn what to change.
 */
const ADMIN_MARK = "\n[admin] ";

export type ErrorAudience = "admin" | "member";

/** The stored Media.error for a result URL the policy refused. */
export function refusedDownloadError(refused: RefusedUrlError): string {
  const everyone =
    "The result URL is on an address the studio does not fetch (a private or internal network), " +
    "so the file was not stored. An admin can allow that address; then retry the download.";
  const allow = refused.origin
    ? ` To allow it, add its origin to FETCH_ALLOW_PRIVATE (FETCH_ALLOW_PRIVATE=${refused.origin}, ` +
      "comma-separated with any others), restart the studio, then retry the download."
    : "";
  return `${everyone}${ADMIN_MARK}Refused: ${refused.message}${allow}`;
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
