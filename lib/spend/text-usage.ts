import "server-only";
import type { Db } from "../db";
import { env } from "../env";
import type { Prisma } from "../generated/prisma/client";
import type { UsageMetadata } from "../upstream/native-schema";
import { periodRange } from "./periods";
import { priceOf, textCredits, type TokenPrices } from "./text-prices";

/**
 * The one ledger of text calls (`TextUsage`): chat answers and the text API mirror alike. A row is
 * written when a call is admitted — before the upstream is asked, so no call is ever invisible, even
 * one whose process dies — and completed once with what the upstream reported (usageMetadata) and
 * its price at that moment. A call that got no usage keeps null tokens and costs 0 credits.
 */
export type TextCallSource = "chat" | "api" | "vision";
export type TextCallOutcome = "complete" | "interrupted" | "error";
export type TextCall = { id: string; model: string };

type Writer = Prisma.TransactionClient;

/** Records an admitted call at the admission's instant (its day is the budget day it counts in). */
export async function startTextCall(
  db: Writer,
  input: { spender: string; source: TextCallSource; model: string },
  at: Date,
): Promise<TextCall> {
  return db.textUsage.create({ data: { ...input, createdAt: at }, select: { id: true, model: true } });
}

/** A call refused or abandoned before the upstream was asked: it never happened. */
export async function dropTextCall(db: Db, call: TextCall): Promise<void> {
  await db.textUsage.deleteMany({ where: { id: call.id, status: "running" } }).catch(() => undefined);
}

/** Completes the call's row once (later calls are ignored): tokens as reported, credits as priced now. */
export async function finishTextCall(
  db: Db,
  call: TextCall,
  usage: UsageMetadata | null | undefined,
  outcome: TextCallOutcome,
  extra: { messageId?: string; prices?: TokenPrices } = {},
): Promise<void> {
  const promptTokens = count(usage?.promptTokenCount);
  const candidatesTokens = count(usage?.candidatesTokenCount);
  const totalTokens =
    count(usage?.totalTokenCount) ??
    (promptTokens === null && candidatesTokens === null
      ? null
      : (promptTokens ?? 0) + (candidatesTokens ?? 0));
  const price = priceOf(extra.prices ?? env().textTokenPrices, call.model);
  await db.textUsage.updateMany({
    where: { id: call.id, status: "running" },
    data: {
      promptTokens,
      candidatesTokens,
      totalTokens,
      credits: textCredits(price, { promptTokens, candidatesTokens }),
      status: outcome,
      ...(extra.messageId ? { messageId: extra.messageId } : {}),
    },
  });
}

const count = (n: unknown): number | null =>
  typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.round(n) : null;

export type TextPeriodTotals = { credits: number; tokens: number; calls: number };

/** A spender's text calls since `since` (admitted ones included: their tokens are not known yet). */
export async function textTotalsSince(db: Writer, spender: string, since: Date): Promise<TextPeriodTotals> {
  const sums = await db.textUsage.aggregate({
    where: { spender, createdAt: { gte: since } },
    _sum: { credits: true, totalTokens: true },
    _count: { _all: true },
  });
  return {
    credits: sums._sum.credits ?? 0,
    tokens: sums._sum.totalTokens ?? 0,
    calls: sums._count._all,
  };
}

/**
 * Adds the spender's text credits of today and this month to a budget's settled spend, through the
 * budget check's own `add` (so a task's admission sees text spend as well).
 */
export async function addTextCredits(
  db: Writer,
  spender: string,
  now: Date,
  add: (at: Date, key: "spent", credits: number) => void,
): Promise<void> {
  const day = periodRange("day", now);
  const month = periodRange("month", now);
  const [today, thisMonth] = await Promise.all([
    textTotalsSince(db, spender, day.start),
    textTotalsSince(db, spender, month.start),
  ]);
  // Before today, in this month: counted in the month only.
  add(new Date(day.start.getTime() - 1), "spent", thisMonth.credits - today.credits);
  add(day.start, "spent", today.credits);
}
