import { Prisma } from "../generated/prisma/client";
import { ident, type Queryable } from "./sql";

/**
 * A fixed-window counter: each hit adds one to `key`'s count, and a hit after the window ended
 * starts a new window at one. One `INSERT … ON CONFLICT … RETURNING` counts and reads atomically on
 * SQLite and PostgreSQL alike, so concurrent hits from any process each see their own count.
 *
 * The counters live in two tables of the same shape (key, a count, resetAt in epoch ms): the login
 * limits' and the submit rate's. Not rate-limiter-flexible's RateLimiterPrisma: it takes two
 * statements (delete an expired row, then upsert) and sweeps on its own timer.
 */
const COUNTERS = {
  login: { table: "LoginThrottle", count: "attempts" },
  submit: { table: "SubmitRateWindow", count: "points" },
} as const;

export type CounterTable = keyof typeof COUNTERS;

export type WindowCount = { count: number; resetAt: number };

export async function countInWindow(
  db: Queryable,
  counter: CounterTable,
  key: string,
  windowMs: number,
  now: number,
): Promise<WindowCount> {
  const table = ident(COUNTERS[counter].table);
  const count = ident(COUNTERS[counter].count);
  const resetAt = now + windowMs;
  const rows = await db.$queryRaw<{ count: number | bigint; resetAt: number | bigint }[]>(Prisma.sql`
    INSERT INTO ${table} ("key", ${count}, "resetAt") VALUES (${key}, 1, ${resetAt})
    ON CONFLICT ("key") DO UPDATE SET
      ${count} = CASE WHEN ${table}."resetAt" <= ${now} THEN 1 ELSE ${table}.${count} + 1 END,
      "resetAt" = CASE WHEN ${table}."resetAt" <= ${now} THEN ${resetAt} ELSE ${table}."resetAt" END
    RETURNING ${count} AS "count", "resetAt"`);
  return { count: Number(rows[0].count), resetAt: Number(rows[0].resetAt) };
}
