import "server-only";
import { z } from "zod";
import { issueCode } from "../http/zod-issue";
import type { Db } from "../db";
import { budgetStatus } from "./budget-check";
import { LOCAL_OWNER, ownedTasksWhere, spenderOf } from "./owner";
import { dayKey, daysBetween, dayStart } from "./periods";
import { textBudgetOf, textLedger } from "./text-ledger";
import type { SpendDay, SpendModel, SpendReport, SpendUser } from "./types";

/**
 * The spend ledger, derived from the rows that already exist (no second source of truth): each
 * task's `amount` (the upstream's credits) and each chat answer's token counts (usageMetadata), by
 * server-local day of submission, model and user, and the text ledger (lib/spend/text-ledger.ts:
 * chat and the text API mirror, tokens priced by TEXT_TOKEN_PRICES, 0 by default).
 */
/** A report covers at most a year, a leap year's day included. */
const MAX_REPORT_DAYS = 366;
const day = z.iso.date({ error: "must be a day as YYYY-MM-DD" });

export const spendQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    /** A user id, or "all" (admins; the default for them). */
    user: z.string().min(1).max(100).optional(),
  })
  .transform((q, ctx) => {
    const to = q.to ?? dayKey(new Date());
    const start = dayStart(to);
    const from = q.from ?? dayKey(new Date(start.getFullYear(), start.getMonth(), start.getDate() - 29));
    if (from > to)
      ctx.addIssue({
        code: "custom",
        path: ["from"],
        message: "must not be after to",
        ...issueCode("not_after", { other: "to" }),
      });
    else if (daysBetween(from, to).length > MAX_REPORT_DAYS)
      ctx.addIssue({
        code: "custom",
        path: ["from"],
        message: `the range can be at most ${MAX_REPORT_DAYS} days`,
        ...issueCode("max_days", { max: MAX_REPORT_DAYS }),
      });
    return { from, to, user: q.user };
  });

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function spendReport(
  db: Db,
  query: { from: string; to: string; userId: string | null },
  now: Date = new Date(),
): Promise<SpendReport> {
  const start = dayStart(query.from);
  const endDay = dayStart(query.to);
  const end = new Date(endDay.getFullYear(), endDay.getMonth(), endDay.getDate() + 1);
  const range = { gte: start, lt: end };
  const owner = query.userId ? ownedTasksWhere(query.userId) : {};

  const tasks = await db.task.findMany({
    where: { AND: [owner, { submittedAt: range }] },
    select: { model: true, amount: true, status: true, submittedAt: true, userId: true },
  });

  const days = new Map<string, SpendDay>(
    daysBetween(query.from, query.to).map((d) => [d, { day: d, credits: 0, tasks: 0, byModel: {} }]),
  );
  const models = new Map<string, SpendModel>();
  const users = new Map<string, SpendUser>();
  let credits = 0;
  let running = 0;
  for (const task of tasks) {
    const amount = task.amount ?? 0;
    credits += amount;
    if (task.status === "queued" || task.status === "processing") running++;
    const d = days.get(dayKey(task.submittedAt));
    if (d) {
      d.credits += amount;
      d.tasks++;
      d.byModel[task.model] = (d.byModel[task.model] ?? 0) + amount;
    }
    const m = models.get(task.model) ?? { model: task.model, credits: 0, tasks: 0 };
    m.credits += amount;
    m.tasks++;
    models.set(task.model, m);
    if (!query.userId) {
      const id = spenderOf(task.userId);
      const u = users.get(id) ?? emptyUser(id);
      u.credits += amount;
      u.tasks++;
      users.set(id, u);
    }
  }

  const text = await textLedger(db, { ...query, spender: query.userId, range });
  if (!query.userId) {
    for (const [id, t] of text.bySpender) {
      const u = users.get(id) ?? emptyUser(id);
      Object.assign(u, t);
      users.set(id, u);
    }
  }

  const labels = await userLabels(db, query.userId ? [query.userId] : [...users.keys()]);
  for (const u of users.values()) u.label = labels.get(u.userId) ?? u.userId;
  const byCredits = <T extends { credits: number }>(a: T, b: T) => b.credits - a.credits;
  return {
    from: query.from,
    to: query.to,
    user: query.userId ? { id: query.userId, label: labels.get(query.userId) ?? query.userId } : null,
    totals: { credits: round2(credits), tasks: tasks.length, running, ...text.totals },
    days: [...days.values()].map((d) => ({
      ...d,
      credits: round2(d.credits),
      byModel: Object.fromEntries(Object.entries(d.byModel).map(([k, v]) => [k, round2(v)])),
    })),
    models: [...models.values()].map((m) => ({ ...m, credits: round2(m.credits) })).sort(byCredits),
    users: query.userId
      ? null
      : [...users.values()].map((u) => ({ ...u, credits: round2(u.credits) })).sort(byCredits),
    chat: text.chat,
    text: text.text,
    budget: query.userId ? await budgetStatus(db, query.userId, now) : null,
    textBudget: query.userId ? await textBudgetOf(db, query.userId, now) : null,
  };
}

function emptyUser(id: string): SpendUser {
  return { userId: id, label: id, credits: 0, tasks: 0, chatTokens: 0, textTokens: 0, textCredits: 0 };
}

async function userLabels(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  const labels = new Map(rows.map((row) => [row.id, row.email]));
  if (ids.includes(LOCAL_OWNER)) labels.set(LOCAL_OWNER, "Local user");
  return labels;
}
