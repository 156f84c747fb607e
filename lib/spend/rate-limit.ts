import "server-only";
import type { Db } from "../db";
import { env } from "../env";
import { StudioError } from "../errors";

/**
 * Task submits and batch creations per user per minute (SUBMIT_RATE_PER_MINUTE), a batch counting
 * as one. A fixed one-minute window per user, counted in the database (`SubmitRateWindow`) so that
 * every studio process on it draws on the same allowance: two processes behind one proxy must not
 * give a user twice the rate.
 *
 * Not rate-limiter-flexible's RateLimiterPrisma: it takes two statements (delete an expired row,
 * then upsert) and sweeps on its own timer. One INSERT … ON CONFLICT … RETURNING counts and reads
 * in a single atomic statement on SQLite and PostgreSQL alike, as the login limits do.
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

export async function countSubmit(db: Db, key: string, now: number) {
  const rows = await db.$queryRaw<{ points: number | bigint; resetAt: number | bigint }[]>`
    INSERT INTO "SubmitRateWindow" ("key", "points", "resetAt") VALUES (${key}, 1, ${now + WINDOW_MS})
    ON CONFLICT ("key") DO UPDATE SET
      "points" = CASE WHEN "SubmitRateWindow"."resetAt" <= ${now} THEN 1 ELSE "SubmitRateWindow"."points" + 1 END,
      "resetAt" = CASE WHEN "SubmitRateWindow"."resetAt" <= ${now} THEN ${now + WINDOW_MS} ELSE "SubmitRateWindow"."resetAt" END
    RETURNING "points", "resetAt"`;
  return { points: Number(rows[0].points), resetAt: Number(rows[0].resetAt) };
}

let processLimiter: { perMinute: number; limiter: SubmitLimiter | null } | undefined;

/** The limiter configured by the environment (its counts are in the database, not here). */
export function submitLimiter(): SubmitLimiter | null {
  const perMinute = env().submitRatePerMinute;
  if (processLimiter?.perMinute !== perMinute)
    processLimiter = { perMinute, limiter: createSubmitLimiter(perMinute) };
  return processLimiter.limiter;
}
