import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Links to this studio's stored files that the upstream can fetch without an account: with accounts
 * on, `/api/media/…` and `/api/chat/attachments/…` need a session or token, which the upstream does
 * not have. A signed link names one path and an expiry, and is checked with the session secret.
 * A day is long enough for any task or chat turn to fetch its references, short enough that a link
 * that leaks (an upstream log) stops working.
 */
const SIGNED_URL_TTL_SECONDS = 24 * 60 * 60;

const EXPIRES = "expires";
const SIGNATURE = "signature";

/** `path` (no query) with `expires` and `signature` appended. */
export function signPath(secret: string, path: string, nowMs: number, ttlSeconds = SIGNED_URL_TTL_SECONDS) {
  const expires = Math.floor(nowMs / 1000) + ttlSeconds;
  const query = new URLSearchParams({ [EXPIRES]: String(expires), [SIGNATURE]: sign(secret, path, expires) });
  return `${path}?${query}`;
}

/** True when `url` carries a signature of its own path that has not expired. */
export function hasValidSignature(secret: string, url: URL, nowMs: number): boolean {
  const expires = Number(url.searchParams.get(EXPIRES));
  const signature = url.searchParams.get(SIGNATURE);
  if (!signature || !Number.isSafeInteger(expires) || expires * 1000 <= nowMs) return false;
  const expected = Buffer.from(sign(secret, url.pathname, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function sign(secret: string, path: string, expires: number): string {
  // Its own purpose string, so a signature can never stand in for a session cookie's or vice versa.
  return createHmac("sha256", secret)
    .update(`model-studio signed file\n${path}\n${expires}`)
    .digest("base64url");
}
