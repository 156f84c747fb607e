import "server-only";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { budgetOf } from "./budgets";
import { EstimateCache, estimateTask, parseBody } from "./estimate";
import { batchIdsOf, ownedTasksWhere } from "./owner";
import { periodRange, type Period } from "./periods";
import type { BudgetStatus, PeriodSpend } from "./types";
import { submitLimiter, type SubmitLimiter } from "./rate-limit";
import { isTerminal } from "../tasks/status";

/**
 * Before anything is sent: the submit rate limit, then the budget. A budget refuses (402) when
 * settled spend + what is still running + this submission's estimate would pass a limit:
 * - settled: `amount` of the user's completed and failed tasks submitted in the period (none = 0);
 * - running: queued/processing tasks (their `amount` when the upstream already gave one, else their
 *   estimate), planned items of the user's batches, and submissions of this process between their
 *   check and their stored task row;
 * - an unknown estimate counts 0, but nothing unknown is sent once the period is at or over its limit.
 */
export type PlannedTask = { model: string; body: Record<string, unknown> };

const round2 = (n: number) => Math.round(n * 100) / 100;

// Submissions between their check and their stored row, per user: counted by the next check.
const inFlight = new Map<string, number>();
// One check at a time per user (check + reservation are one step; the upstream call is not held).
const queues = new Map<string, Promise<unknown>>();

async function serialized<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(fn, fn);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  try {
    return await run;
  } finally {
    if (queues.get(key) === tail) queues.delete(key);
  }
}

export async function budgetStatus(
  db: Db,
  userId: string,
  now: Date,
  cache = new EstimateCache(),
): Promise<BudgetStatus> {
  const limits = await budgetOf(db, userId);
  const day = periodRange("day", now);
  const month = periodRange("month", now);
  const [tasks, batches] = await Promise.all([
    db.task.findMany({
      where: { AND: [ownedTasksWhere(userId), { submittedAt: { gte: month.start } }] },
      select: { status: true, amount: true, model: true, request: true, submittedAt: true },
    }),
    batchIdsOf(db, userId),
  ]);
  const items = batches.length
    ? await db.batchItem.findMany({
        where: { batchId: { in: batches }, state: { in: ["planned", "sending"] } },
        select: { model: true, body: true },
      })
    : [];

  const totals = { day: { spent: 0, running: 0 }, month: { spent: 0, running: 0 } };
  const add = (submittedAt: Date, key: "spent" | "running", credits: number) => {
    totals.month[key] += credits;
    if (submittedAt >= day.start) totals.day[key] += credits;
  };
  for (const task of tasks) {
    if (isTerminal(task.status)) {
      add(task.submittedAt, "spent", task.amount ?? 0);
    } else {
      const credits =
        task.amount ?? (await estimateTask(db, task.model, parseBody(task.request), cache)).credits ?? 0;
      add(task.submittedAt, "running", credits);
    }
  }
  // Planned batch items and in-flight submits run now: today and this month.
  for (const item of items)
    add(now, "running", (await estimateTask(db, item.model, parseBody(item.body), cache)).credits ?? 0);
  add(now, "running", inFlight.get(userId) ?? 0);

  const periods: PeriodSpend[] = [day, month].map((range) => ({
    period: range.period,
    limit: (range.period === "day" ? limits?.daily : limits?.monthly) ?? null,
    spent: round2(totals[range.period].spent),
    running: round2(totals[range.period].running),
    resetsAt: range.end.toISOString(),
  }));
  return { limits, periods };
}

export type AdmitOptions = {
  now?: () => number;
  /** The submit rate limiter; the process's own (SUBMIT_RATE_PER_MINUTE) when undefined, none when null. */
  limiter?: SubmitLimiter | null;
};

/**
 * Admits a submission of one task or a whole batch for a user, or throws 429 / 402 naming the
 * numbers. The returned function ends its reservation: call it once the task or batch rows are
 * stored (they are counted from the database then), or when the send failed.
 */
export async function admitSubmission(
  db: Db,
  userId: string,
  planned: readonly PlannedTask[],
  options: AdmitOptions = {},
): Promise<() => void> {
  const limiter = options.limiter === undefined ? submitLimiter() : options.limiter;
  await limiter?.consume(db, userId);
  const now = new Date((options.now ?? Date.now)());
  return serialized(userId, async () => {
    const cache = new EstimateCache();
    const estimates = await Promise.all(
      planned.map((task) => estimateTask(db, task.model, task.body, cache)),
    );
    const known = round2(estimates.reduce((sum, e) => sum + (e.credits ?? 0), 0));
    const unknown = estimates.filter((e) => e.credits === null).length;
    const status = await budgetStatus(db, userId, now, cache);
    for (const period of status.periods) {
      if (period.limit === null) continue;
      const committed = round2(period.spent + period.running);
      const over =
        committed + known > period.limit + 1e-9 || (unknown > 0 && committed >= period.limit - 1e-9);
      if (over) throw budgetError(period, planned.length, known, unknown);
    }
    inFlight.set(userId, (inFlight.get(userId) ?? 0) + known);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = round2((inFlight.get(userId) ?? 0) - known);
      if (left > 0) inFlight.set(userId, left);
      else inFlight.delete(userId);
    };
  });
}

const WORDS: Record<Period, { budget: string; span: string }> = {
  day: { budget: "daily", span: "today" },
  month: { budget: "monthly", span: "this month" },
};

function budgetError(period: PeriodSpend, count: number, known: number, unknown: number): StudioError {
  const { budget, span } = WORDS[period.period];
  const what = count === 1 ? "this task" : `this batch of ${count} tasks`;
  const estimate = unknown === count ? null : known;
  const estimateText =
    estimate === null
      ? `${what} has no estimate yet (no completed task to go by)`
      : `${what} ≈ ${estimate} credits${unknown ? ` (+${unknown} without an estimate)` : ""}`;
  const running = period.running ? ` and ${period.running} running` : "";
  const resets = new Date(period.resetsAt);
  const message =
    `Over your ${budget} budget: ${period.spent} credits spent${running} ${span}, ${estimateText}; ` +
    `the limit is ${period.limit} credits. It resets ${resets.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })} (server time).`;
  return new StudioError("budget_exceeded", message, {
    details: {
      period: period.period,
      limit: period.limit,
      spent: period.spent,
      running: period.running,
      estimate,
      resetsAt: period.resetsAt,
    },
  });
}
