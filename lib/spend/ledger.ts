import "server-only";
import { z } from "zod";
import type { Db } from "../db";
import { budgetStatus } from "./budget-check";
import { LOCAL_OWNER, ownedTasksWhere, spenderOf, spenderWhere } from "./owner";
import { dayKey, daysBetween, dayStart } from "./periods";
import type { ChatUsage, SpendDay, SpendModel, SpendReport, SpendUser } from "./types";

/**
 * The spend ledger, derived from the rows that already exist (no second source of truth): each
 * task's `amount` (the upstream's credits) and each chat answer's token counts (usageMetadata), by
 * server-local day of submission, model and user. Chat tokens have no price in the spec: they are
 * shown as tokens and never count against a budget.
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a day as YYYY-MM-DD" });

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
    if (from > to) ctx.addIssue({ code: "custom", path: ["from"], message: "must not be after to" });
    else if (daysBetween(from, to).length > 366)
      ctx.addIssue({ code: "custom", path: ["from"], message: "the range can be at most 366 days" });
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
      const u = users.get(id) ?? { userId: id, label: id, credits: 0, tasks: 0, chatTokens: 0 };
      u.credits += amount;
      u.tasks++;
      users.set(id, u);
    }
  }

  const messages = await db.message.findMany({
    where: {
      role: "model",
      createdAt: range,
      OR: [{ totalTokenCount: { not: null } }, { promptTokenCount: { not: null } }],
      ...(query.userId
        ? {
            conversation: spenderWhere(query.userId),
          }
        : {}),
    },
    select: {
      model: true,
      createdAt: true,
      promptTokenCount: true,
      candidatesTokenCount: true,
      totalTokenCount: true,
      conversation: { select: { model: true, userId: true } },
    },
  });
  const chatDays = new Map(daysBetween(query.from, query.to).map((d) => [d, { day: d, tokens: 0 }]));
  const chatModels = new Map<string, ChatUsage>();
  let chatTokens = 0;
  for (const message of messages) {
    const prompt = message.promptTokenCount ?? 0;
    const candidates = message.candidatesTokenCount ?? 0;
    const total = message.totalTokenCount ?? prompt + candidates;
    chatTokens += total;
    const d = chatDays.get(dayKey(message.createdAt));
    if (d) d.tokens += total;
    const model = message.model ?? message.conversation.model;
    const m = chatModels.get(model) ?? {
      model,
      messages: 0,
      promptTokens: 0,
      candidatesTokens: 0,
      totalTokens: 0,
    };
    m.messages++;
    m.promptTokens += prompt;
    m.candidatesTokens += candidates;
    m.totalTokens += total;
    chatModels.set(model, m);
    if (!query.userId) {
      const id = spenderOf(message.conversation.userId);
      const u = users.get(id) ?? { userId: id, label: id, credits: 0, tasks: 0, chatTokens: 0 };
      u.chatTokens += total;
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
    totals: { credits: round2(credits), tasks: tasks.length, running, chatTokens },
    days: [...days.values()].map((d) => ({
      ...d,
      credits: round2(d.credits),
      byModel: Object.fromEntries(Object.entries(d.byModel).map(([k, v]) => [k, round2(v)])),
    })),
    models: [...models.values()].map((m) => ({ ...m, credits: round2(m.credits) })).sort(byCredits),
    users: query.userId
      ? null
      : [...users.values()].map((u) => ({ ...u, credits: round2(u.credits) })).sort(byCredits),
    chat: {
      days: [...chatDays.values()],
      models: [...chatModels.values()].sort((a, b) => b.totalTokens - a.totalTokens),
    },
    budget: query.userId ? await budgetStatus(db, query.userId, now) : null,
  };
}

async function userLabels(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  const labels = new Map(rows.map((row) => [row.id, row.email]));
  if (ids.includes(LOCAL_OWNER)) labels.set(LOCAL_OWNER, "Local user");
  return labels;
}
