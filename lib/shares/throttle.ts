import "server-only";
import { addressKey, clientAddress } from "../auth/client-address";
import { countInWindow } from "../coordination/window-counter";
import type { Db } from "../db";
import { env } from "../env";
import { StudioError } from "../errors";

/**
 * Brute-force limits on share links, counted in the login limits' table (one atomic statement per
 * hit, shared by every studio process: lib/coordination/window-counter.ts) under keys of their own.
 * - Wrong passwords at one link (from anywhere) and from one client address (at any link).
 * - Unknown tokens from one client address. The limit is checked BEFORE a token is looked up, so
 *   once over it even a right guess answers 429: a guesser cannot tell hits from misses.
 */
export const SHARE_LIMITS = {
  linkPassword: { max: 10, windowMs: 15 * 60_000 },
  addressPassword: { max: 30, windowMs: 15 * 60_000 },
  addressToken: { max: 30, windowMs: 15 * 60_000 },
} as const;

type Kind = keyof typeof SHARE_LIMITS;

export function requestAddress(headers: Headers): string | null {
  const address = clientAddress(headers, env().auth.trustedProxies);
  return address === null ? null : addressKey(address);
}

function keyOf(kind: Kind, subject: string): string {
  return `share-${kind}:${subject}`;
}

function tooMany(what: string, resetAt: number, now: number): StudioError {
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  return new StudioError("rate_limited", `Too many ${what}. Try again in ${retryAfterSeconds} seconds.`, {
    details: { retryAfterSeconds },
  });
}

/** 429 while this address is over its unknown-token limit (nothing counted). */
export async function checkTokenGuesses(db: Db, address: string | null, now: number): Promise<void> {
  if (address === null) return;
  const row = await db.loginThrottle.findUnique({ where: { key: keyOf("addressToken", address) } });
  if (row && Number(row.resetAt) > now && row.attempts >= SHARE_LIMITS.addressToken.max) {
    throw tooMany("links that do not exist were opened from your address", Number(row.resetAt), now);
  }
}

/** One unknown token from this address. */
export async function countTokenGuess(db: Db, address: string | null, now: number): Promise<void> {
  if (address === null) return;
  const { windowMs } = SHARE_LIMITS.addressToken;
  await countInWindow(db, "login", keyOf("addressToken", address), windowMs, now);
}

/**
 * Counts a password attempt at a link, before the password is checked (parallel guesses cannot slip
 * between a check and a write); throws 429 once the link or the address is over its limit.
 */
export async function countPasswordAttempt(
  db: Db,
  linkId: string,
  address: string | null,
  now: number,
): Promise<void> {
  const hits: [Kind, string][] = [["linkPassword", linkId]];
  if (address !== null) hits.push(["addressPassword", address]);
  const counts = await Promise.all(
    hits.map(async ([kind, subject]) => ({
      kind,
      ...(await countInWindow(db, "login", keyOf(kind, subject), SHARE_LIMITS[kind].windowMs, now)),
    })),
  );
  const over = counts.filter((c) => c.count > SHARE_LIMITS[c.kind].max);
  if (over.length) {
    throw tooMany("wrong passwords for this link", Math.max(...over.map((c) => c.resetAt)), now);
  }
}

/** A right password: the link's count starts over, the address gets its attempt back. */
export async function forgivePasswordAttempt(db: Db, linkId: string, address: string | null): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key: keyOf("linkPassword", linkId) } });
  if (address === null) return;
  await db.loginThrottle.updateMany({
    where: { key: keyOf("addressPassword", address), attempts: { gt: 0 } },
    data: { attempts: { decrement: 1 } },
  });
}
