import "server-only";
import { countInWindow } from "../coordination/window-counter";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { addressKey } from "./client-address";

/**
 * Limits on login attempts, counted in the database so that every studio process shares them.
 * Every attempt is counted before the password is checked (parallel guesses cannot slip through
 * between a check and a write); a successful login then takes its attempt back.
 *
 * Guesses at an account are counted per account *and* client address: a stranger's wrong
 * passwords hold back only that stranger, and the owner still signs in from their own address.
 * Spraying from one address is held by the per-address limit. The address is the one the
 * operator declares trustworthy (lib/auth/client-address.ts, TRUSTED_PROXIES).
 */
export const LOGIN_LIMITS = {
  /** Guesses at one account from one address. */
  account: { max: 5, windowMs: 15 * 60_000 },
  /** Guesses from one client address (spraying many accounts). */
  address: { max: 20, windowMs: 15 * 60_000 },
} as const;

type Kind = keyof typeof LOGIN_LIMITS;

/** Whose attempt: the account's e-mail and the client address (null: unknown). */
export type AttemptKeys = { email: string; address: string | null };

function keyOf(kind: Kind, keys: AttemptKeys): string | null {
  const address = keys.address === null ? null : addressKey(keys.address);
  if (kind === "account") return `account:${address ?? "unknown"}:${keys.email}`;
  // An unknown address (no stamped peer) would put every client in one bucket: not counted.
  return address === null ? null : `address:${address}`;
}

/** Counts an attempt under each key; throws 429 naming when to retry once any is over its limit. */
export async function countLoginAttempt(db: Db, keys: AttemptKeys, now: number): Promise<void> {
  // Expired windows count as zero anyway; dropping them keeps the table as small as the traffic.
  await db.loginThrottle.deleteMany({ where: { resetAt: { lte: BigInt(now) } } });
  const counts = await Promise.all(
    (Object.keys(LOGIN_LIMITS) as Kind[]).flatMap((kind) => {
      const key = keyOf(kind, keys);
      return key === null
        ? []
        : [hit(db, key, LOGIN_LIMITS[kind].windowMs, now).then((count) => ({ kind, ...count }))];
    }),
  );
  const over = counts.filter((c) => c.attempts > LOGIN_LIMITS[c.kind].max);
  if (!over.length) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((Math.max(...over.map((c) => c.resetAt)) - now) / 1000));
  const by = over.some((c) => c.kind === "account")
    ? "for this account from your address"
    : "from your address";
  throw new StudioError(
    "rate_limited",
    `Too many login attempts ${by}. Try again in ${describeWait(retryAfterSeconds)}.`,
    { details: { retryAfterSeconds } },
  );
}

/** A successful login: the account's count starts over and the address gets its attempt back. */
export async function forgiveLoginAttempt(db: Db, keys: AttemptKeys): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key: keyOf("account", keys) ?? "" } });
  const address = keyOf("address", keys);
  if (address) {
    await db.loginThrottle.updateMany({
      where: { key: address, attempts: { gt: 0 } },
      data: { attempts: { decrement: 1 } },
    });
  }
}

// One statement, so concurrent attempts each see their own count (lib/coordination/window-counter.ts).
async function hit(db: Db, key: string, windowMs: number, now: number) {
  const { count, resetAt } = await countInWindow(db, "login", key, windowMs, now);
  return { attempts: count, resetAt };
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
