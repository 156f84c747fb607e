import "server-only";
import { takeTurn } from "../coordination/turn";
import type { Db } from "../db";
import { env } from "../env";
import { StudioError } from "../errors";
import { budgetStatus } from "./budget-check";
import { budgetOf } from "./budgets";
import { periodRange, type Period } from "./periods";
import { countSubmit } from "./rate-limit";
import { startTextCall, textTotalsSince, type TextCall, type TextCallSource } from "./text-usage";
import type { Limits } from "./types";

/**
 * Admission of one text call (a chat answer, a call of the text API mirror), before the upstream is
 * asked: the text rate limit (TEXT_RATE_PER_MINUTE, counted in the database like submits, under its
 * own key), then the budget. A text call's cost is known only after it, so the rule is "nothing
 * once the limit is reached": refused while the period's committed credits (tasks and text) are at
 * or over the credit limit, or its text tokens at or over the token limit — at most one call over.
 * The admitted call is recorded at once (lib/spend/text-usage.ts).
 */
export type TextAdmitOptions = {
  now?: () => number;
  /** Calls per minute; env TEXT_RATE_PER_MINUTE when undefined, 0 = none. */
  ratePerMinute?: number;
};

export async function admitTextCall(
  db: Db,
  input: { spender: string; source: TextCallSource; model: string },
  options: TextAdmitOptions = {},
): Promise<TextCall> {
  const now = (options.now ?? Date.now)();
  await consumeTextRate(db, input.spender, options.ratePerMinute ?? env().textRatePerMinute, now);
  const limits = await budgetOf(db, input.spender);
  if (!hasLimit(limits)) return startTextCall(db, input, new Date(now));
  // One admission at a time per spender, tasks and text alike (lib/coordination/turn.ts).
  return db.$transaction(
    async (tx) => {
      await takeTurn(tx, input.spender, now);
      const at = new Date(now);
      const status = await budgetStatus(tx, input.spender, at);
      for (const period of status.periods) {
        if (period.limit === null) continue;
        const committed = round2(period.spent + period.running);
        if (committed >= period.limit - 1e-9)
          throw textBudgetError(period.period, "credits", committed, period.limit, period.resetsAt);
      }
      for (const period of ["day", "month"] as const) {
        const limit = tokenLimit(status.limits, period);
        if (limit == null) continue;
        const range = periodRange(period, at);
        const { tokens } = await textTotalsSince(tx, input.spender, range.start);
        if (tokens >= limit) throw textBudgetError(period, "tokens", tokens, limit, range.end.toISOString());
      }
      return startTextCall(tx, input, at);
    },
    { maxWait: 10_000, timeout: 20_000 },
  );
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function hasLimit(limits: Limits | null): boolean {
  return [limits?.daily, limits?.monthly, limits?.dailyTokens, limits?.monthlyTokens].some((l) => l != null);
}

function tokenLimit(limits: Limits | null, period: Period): number | null {
  return (period === "day" ? limits?.dailyTokens : limits?.monthlyTokens) ?? null;
}

async function consumeTextRate(db: Db, spender: string, perMinute: number, now: number): Promise<void> {
  if (perMinute <= 0) return;
  const { points, resetAt } = await countSubmit(db, `text:${spender}`, now);
  if (points <= perMinute) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  throw new StudioError(
    "rate_limited",
    `Too many text calls: at most ${perMinute} chat answers or text API calls per minute (TEXT_RATE_PER_MINUTE). Try again in ${retryAfterSeconds} s.`,
    { details: { retryAfterSeconds, limit: perMinute, rule: "text_rate" } },
  );
}

const WORDS: Record<Period, { budget: string; span: string }> = {
  day: { budget: "daily", span: "today" },
  month: { budget: "monthly", span: "this month" },
};

function textBudgetError(
  period: Period,
  unit: "credits" | "tokens",
  used: number,
  limit: number,
  resetsAt: string,
): StudioError {
  const { budget, span } = WORDS[period];
  const what =
    unit === "credits"
      ? `${used} credits committed ${span} (tasks and text)`
      : `${used.toLocaleString("en")} text tokens used ${span}`;
  const resets = new Date(resetsAt).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
  return new StudioError(
    "budget_exceeded",
    `Over your ${budget} ${unit === "tokens" ? "token " : ""}budget: ${what}; the limit is ` +
      `${limit.toLocaleString("en")} ${unit}. A text call's cost is known only after it, so none is ` +
      `sent once the limit is reached. It resets ${resets} (server time).`,
    { details: { period, unit, limit, spent: used, running: 0, estimate: null, resetsAt } },
  );
}
