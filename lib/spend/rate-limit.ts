import "server-only";
import { countInWindow } from "../coordination/window-counter";
import type { Db } from "../db";
import { env } from "../env";
import { StudioError } from "../errors";

/**
 * Task submits and batch creations per user per minute (SUBMIT_RATE_PER_MINUTE), a batch counting
 * as one. A fixed one-minute window per user, counted in the database (`SubmitRateWindow`) so that
 * every studio process on it draws on the same allowance: two processes behind one proxy must not
 * give a user twice the rate.
 * The count is lib/coordination/window-counter.ts (one atomic statement, as the login limits').
 */
export type SubmitLimiter = {
  /** Counts one submit for `userId`; throws 429 `rate_limited` with `retryAfterSeconds` when over. */
  consume(db: Db, userId: string, now?: number): Promise<void>;
};

const WINDOW_MS = 60_000;

export function createSubmitLimiter(perMinute: number): SubmitLimiter | null {
  if (perMinute <= 0) return null;
  return {
    async consume(db, userId, now = Date.now()) {
      const { points, resetAt } = await countSubmit(db, `submit:${userId}`, now);
      if (points <= perMinute) return;
      const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
      throw new StudioError(
        "rate_limited",
        `Too many submits: at most ${perMinute} tasks or batches per minute. Try again in ${retryAfterSeconds} s.`,
        { details: { retryAfterSeconds, limit: perMinute } },
      );
    },
  };
}

/** Counts one submit under `key` in its one-minute window (text spend counts here too). */
export async function countSubmit(db: Db, key: string, now: number) {
  const { count, resetAt } = await countInWindow(db, "submit", key, WINDOW_MS, now);
  return { points: count, resetAt };
}

let processLimiter: { perMinute: number; limiter: SubmitLimiter | null } | undefined;

/** The limiter configured by the environment (its counts are in the database, not here). */
export function submitLimiter(): SubmitLimiter | null {
  const perMinute = env().submitRatePerMinute;
  if (processLimiter?.perMinute !== perMinute)
    processLimiter = { perMinute, limiter: createSubmitLimiter(perMinute) };
  return processLimiter.limiter;
}
