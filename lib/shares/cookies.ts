import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../db";
import { sessionSecret } from "../auth/secret";
import { env } from "../env";

/**
 * The two cookies a share link's guest carries, signed with the studio's session secret
 * (lib/auth/secret.ts) so a guest can neither forge another guest's id nor an unlock: the guest's
 * identity (a random id and the name they gave, so they can edit their own comments) and the
 * password unlock. Both are scoped to the link's own paths (/s/<token> and /api/s/<token>): a
 * browser never sends them anywhere else, not even to another link's pages.
 */
export const GUEST_COOKIE = "studio_share_guest";
export const UNLOCK_COOKIE = "studio_share_unlock";

const GUEST_MAX_AGE = 180 * 24 * 60 * 60;
const UNLOCK_MAX_AGE = 12 * 60 * 60;

export type GuestCookie = {
  /** The link it was issued for: a cookie copied to another link is worth nothing there. */
  linkId: string;
  guestId: string;
  /** Empty until the guest gives a name (before their first comment). */
  name: string;
  /** When this guest's last view was counted (epoch ms): a view is one visit, not one request. */
  viewedAt: number;
};

type UnlockCookie = { linkId: string; password: string; at: number };

async function key(db: Db): Promise<string> {
  return sessionSecret(db, env().auth.secret);
}

function sign(secret: string, payload: string): string {
  return createHmac("sha256", `share-cookie:${secret}`).update(payload).digest("base64url");
}

async function seal(db: Db, value: object): Promise<string> {
  const payload = Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${payload}.${sign(await key(db), payload)}`;
}

async function open<T>(db: Db, sealed: string | undefined): Promise<T | null> {
  if (!sealed) return null;
  const [payload, signature] = sealed.split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(await key(db), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as T;
  } catch {
    return null;
  }
}

/** The value of one cookie from a Cookie header (the last one wins, as the most specific path). */
export function readCookie(headers: Headers, name: string): string | undefined {
  const header = headers.get("cookie") ?? "";
  let found: string | undefined;
  for (const part of header.split(";")) {
    const [k, ...rest] = part.trim().split("=");
    if (k === name) found = rest.join("=");
  }
  return found;
}

export async function readGuest(db: Db, headers: Headers, linkId: string): Promise<GuestCookie | null> {
  const guest = await open<GuestCookie>(db, readCookie(headers, GUEST_COOKIE));
  return guest && guest.linkId === linkId && typeof guest.guestId === "string" ? guest : null;
}

export function newGuest(linkId: string): GuestCookie {
  return { linkId, guestId: randomBytes(16).toString("base64url"), name: "", viewedAt: 0 };
}

/** Set-Cookie headers for the guest's identity, one per path of the link. */
export async function guestCookies(db: Db, token: string, guest: GuestCookie): Promise<string[]> {
  return cookieLines(token, GUEST_COOKIE, await seal(db, guest), GUEST_MAX_AGE);
}

/**
 * The unlock is bound to the password hash it was earned with (a fingerprint of it, never the
 * hash): changing the link's password locks every browser out again.
 */
function passwordFingerprint(passwordHash: string): string {
  return createHash("sha256").update(passwordHash).digest("base64url").slice(0, 16);
}

export async function unlockCookies(
  db: Db,
  token: string,
  link: { id: string; passwordHash: string },
  now: number,
): Promise<string[]> {
  const value: UnlockCookie = { linkId: link.id, password: passwordFingerprint(link.passwordHash), at: now };
  return cookieLines(token, UNLOCK_COOKIE, await seal(db, value), UNLOCK_MAX_AGE);
}

export async function isUnlocked(
  db: Db,
  headers: Headers,
  link: { id: string; passwordHash: string | null },
  now: number,
): Promise<boolean> {
  if (!link.passwordHash) return true;
  const unlock = await open<UnlockCookie>(db, readCookie(headers, UNLOCK_COOKIE));
  return (
    !!unlock &&
    unlock.linkId === link.id &&
    unlock.password === passwordFingerprint(link.passwordHash) &&
    now - unlock.at < UNLOCK_MAX_AGE * 1000
  );
}

function cookieLines(token: string, name: string, value: string, maxAge: number): string[] {
  const secure = env().auth.secureCookies ? "; Secure" : "";
  return [`/s/${token}`, `/api/s/${token}`].map(
    (path) => `${name}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
  );
}
