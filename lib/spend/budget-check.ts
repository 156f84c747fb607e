import "server-only";
import { randomUUID } from "node:crypto";
import { takeTurn } from "../coordination/turn";
import type { Db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { StudioError } from "../errors";
import { budgetOf } from "./budgets";
import { EstimateCache, estimateTask, parseBody } from "./estimate";
import { batchIdsOf, ownedTasksWhere } from "./owner";
import { periodRange, type Period } from "./periods";
import type { BudgetStatus, PeriodSpend } from "./types";
import { submitLimiter, type SubmitLimiter } from "./rate-limit";
import { isTerminal } from "../tasks/status";
import { uncertainInFlight } from "./in-flight";
import { addTextCredits } from "./text-usage";

/**
 * Before anything is sent: the submit rate limit, then the budget. A budget refuses (402) when
 * settled spend + what is still running + this submission's estimate would pass a limit:
 * - settled: `amount` of the user's completed and failed tasks submitted in the period (none = 0);
 * - running: queued/processing tasks (their `amount` when the upstream already gave one, else their
 *   estimate), planned items of the user's batches (not for a batch send: each item is checked
 *   when it is sent), and admitted submissions (of any studio process) between their check and
 *   their stored task rows (`BudgetReservation`);
 * - the estimate is never unknown (estimate.ts: history, the price model, else a default);
 * - a send of uncertain price waits while another one of the user's is in flight (in-flight.ts).
 */
export type PlannedTask = { model: string; body: Record<string, unknown> };

const round2 = (n: number) => Math.round(n * 100) / 100;

/** What the budget is read through: the client, or an admission's transaction. */
type Reader = Prisma.TransactionClient;

/**
 * How long an admitted submission's credits stay reserved without its task rows: longer than any
 * submit takes (the upstream call gives up after 60 s), short enough that a process that died in
 * between does not hold a user's budget for long.
 */
const RESERVATION_MS = 10 * 60_000;

async function reservedCredits(db: Reader, spender: string, now: number): Promise<number> {
  const rows = await db.$queryRaw<{ credits: number | null }[]>`
    SELECT SUM("credits") AS "credits" FROM "BudgetReservation"
    WHERE "spender" = ${spender} AND "expiresAt" > ${now}`;
  return Number(rows[0]?.credits ?? 0);
}

export async function budgetStatus(
  db: Reader,
  userId: string,
  now: Date,
  cache = new EstimateCache(),
  /** Count the planned items of the user's batches (false for a batch send: each is checked itself). */
  countPlanned = true,
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
  const items =
    batches.length && countPlanned
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
        task.amount ?? (await estimateTask(db, task.model, parseBody(task.request), cache)).credits;
      add(task.submittedAt, "running", credits);
    }
  }
  // Planned batch items and in-flight submits run now: today and this month.
  for (const item of items)
    add(now, "running", (await estimateTask(db, item.model, parseBody(item.body), cache)).credits);
  add(now, "running", await reservedCredits(db, userId, now.getTime()));
  await addTextCredits(db, userId, now, add);

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
  /**
   * "send" (default): the tasks are sent now, so one of uncertain price waits while another is in
   * flight. "plan": they are stored to be sent later (a batch, a retry, a resume), each checked
   * again by the runner when it is sent.
   */
  stage?: "send" | "plan";
  /** A batch item being sent (by the runner): the user's planned items are not counted, nor itself. */
  batchItemId?: string;
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
): Promise<() => Promise<void>> {
  const limiter = options.limiter === undefined ? submitLimiter() : options.limiter;
  await limiter?.consume(db, userId);
  // No budget, nothing to guard: most submits take no write lock and read no month of tasks. The
  // transaction below reads the limits again, so a budget set meanwhile is still honoured there.
  const limits = await budgetOf(db, userId);
  if (limits?.daily == null && limits?.monthly == null) return async () => {};
  const now = new Date((options.now ?? Date.now)());
  const reservation = randomUUID();
  // One admission at a time per user across every process (lib/coordination/turn.ts): the
  // transaction's first statement takes the user's turn, before anything is read.
  await db.$transaction(
    async (tx) => {
      await takeTurn(tx, userId, now.getTime());
      const cache = new EstimateCache();
      const estimates = await Promise.all(
        planned.map((task) => estimateTask(tx, task.model, task.body, cache)),
      );
      const credits = round2(estimates.reduce((sum, e) => sum + e.credits, 0));
      const uncertain = estimates.filter((e) => e.uncertain).length;
      const status = await budgetStatus(tx, userId, now, cache, options.batchItemId === undefined);
      for (const period of status.periods) {
        if (period.limit === null) continue;
        const committed = round2(period.spent + period.running);
        if (committed + credits > period.limit + 1e-9)
          throw budgetError(period, planned.length, credits, uncertain);
      }
      const sends = (options.stage ?? "send") === "send";
      if (sends && uncertain) {
        const inFlight = await uncertainInFlight(tx, userId, now.getTime(), cache, options.batchItemId);
        if (inFlight > 0 || uncertain > 1) throw uncertainError(planned.length, inFlight);
      }
      if (credits > 0 || (sends && uncertain)) {
        await tx.$executeRaw`
          INSERT INTO "BudgetReservation" ("id", "spender", "credits", "expiresAt", "uncertain")
          VALUES (${reservation}, ${userId}, ${credits}, ${Date.now() + RESERVATION_MS}, ${sends && uncertain > 0})`;
      }
    },
    // Waiting for the write lock behind other processes' writes is expected; a check itself is short.
    { maxWait: 10_000, timeout: 20_000 },
  );
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await db.budgetReservation.deleteMany({ where: { id: reservation } }).catch(() => undefined);
  };
}

const WORDS: Record<Period, { budget: string; span: string }> = {
  day: { budget: "daily", span: "today" },
  month: { budget: "monthly", span: "this month" },
};

function budgetError(period: PeriodSpend, count: number, estimate: number, uncertain: number): StudioError {
  const { budget, span } = WORDS[period.period];
  const what = count === 1 ? "this task" : `this batch of ${count} tasks`;
  const estimateText = `${what} ≈ ${estimate} credits${uncertain ? " (estimate uncertain)" : ""}`;
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
      uncertain: uncertain > 0,
      resetsAt: period.resetsAt,
    },
  });
}

/**
 * Not over the budget, but not sendable yet: the price of this task is uncertain while another of
 * uncertain price is in flight. Waiting for it to finish makes its real price the next estimate's
 * history, which is what keeps a budget from being passed by more than one misjudged task.
 */
function uncertainError(count: number, inFlight: number): StudioError {
  const message =
    count > 1
      ? `These ${count} tasks have uncertain prices (no completed task with their settings yet); with a budget, ` +
        `tasks of uncertain price are sent one at a time. Send one, then the others when it has finished.`
      : `The price of this task is uncertain (no completed task with its settings yet) and ${inFlight} task(s) ` +
        `of uncertain price are still running; with a budget they are sent one at a time. Try again when it has finished.`;
  return new StudioError("budget_exceeded", message, {
    details: { reason: "price_uncertain", inFlight },
  });
}
