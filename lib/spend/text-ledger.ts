import "server-only";
import type { Db } from "../db";
import { budgetOf } from "./budgets";
import { dayKey, daysBetween, periodRange } from "./periods";
import { textTotalsSince } from "./text-usage";
import type { ChatUsage, TextModelUsage, TextPeriodSpend } from "./types";

/**
 * The spend report's text part, from the text ledger only (`TextUsage`: chat answers and text API
 * mirror calls, each once): tokens and credits per day, model and spender.
 */
export type TextLedger = {
  chat: { days: { day: string; tokens: number }[]; models: ChatUsage[] };
  text: { days: { day: string; tokens: number; credits: number }[]; models: TextModelUsage[] };
  totals: { chatTokens: number; textTokens: number; textCredits: number; textCalls: number };
  bySpender: Map<string, { chatTokens: number; textTokens: number; textCredits: number }>;
};

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

export async function textLedger(
  db: Db,
  query: { from: string; to: string; spender: string | null; range: { gte: Date; lt: Date } },
): Promise<TextLedger> {
  const rows = await db.textUsage.findMany({
    where: { createdAt: query.range, ...(query.spender ? { spender: query.spender } : {}) },
    select: {
      spender: true,
      source: true,
      model: true,
      promptTokens: true,
      candidatesTokens: true,
      totalTokens: true,
      credits: true,
      createdAt: true,
    },
  });
  const dayList = daysBetween(query.from, query.to);
  const chatDays = new Map(dayList.map((d) => [d, { day: d, tokens: 0 }]));
  const textDays = new Map(dayList.map((d) => [d, { day: d, tokens: 0, credits: 0 }]));
  const chatModels = new Map<string, ChatUsage>();
  const textModels = new Map<string, TextModelUsage>();
  const bySpender: TextLedger["bySpender"] = new Map();
  const totals = { chatTokens: 0, textTokens: 0, textCredits: 0, textCalls: 0 };
  for (const row of rows) {
    const prompt = row.promptTokens ?? 0;
    const candidates = row.candidatesTokens ?? 0;
    const total = row.totalTokens ?? prompt + candidates;
    const chat = row.source === "chat";
    const day = dayKey(row.createdAt);
    totals.textTokens += total;
    totals.textCredits += row.credits;
    totals.textCalls++;
    const td = textDays.get(day);
    if (td) {
      td.tokens += total;
      td.credits += row.credits;
    }
    const m = textModels.get(row.model) ?? emptyModel(row.model);
    m.calls++;
    if (chat) m.chatCalls++;
    else m.apiCalls++;
    if (row.totalTokens === null) m.unknownCalls++;
    m.promptTokens += prompt;
    m.candidatesTokens += candidates;
    m.totalTokens += total;
    m.credits += row.credits;
    textModels.set(row.model, m);
    const s = bySpender.get(row.spender) ?? { chatTokens: 0, textTokens: 0, textCredits: 0 };
    s.textTokens += total;
    s.textCredits += row.credits;
    if (chat) s.chatTokens += total;
    bySpender.set(row.spender, s);
    if (!chat || row.totalTokens === null) continue;
    totals.chatTokens += total;
    const cd = chatDays.get(day);
    if (cd) cd.tokens += total;
    const c = chatModels.get(row.model) ?? {
      model: row.model,
      messages: 0,
      promptTokens: 0,
      candidatesTokens: 0,
      totalTokens: 0,
    };
    c.messages++;
    c.promptTokens += prompt;
    c.candidatesTokens += candidates;
    c.totalTokens += total;
    chatModels.set(row.model, c);
  }
  for (const s of bySpender.values()) s.textCredits = round4(s.textCredits);
  return {
    chat: {
      days: [...chatDays.values()],
      models: [...chatModels.values()].sort((a, b) => b.totalTokens - a.totalTokens),
    },
    text: {
      days: [...textDays.values()].map((d) => ({ ...d, credits: round4(d.credits) })),
      models: [...textModels.values()]
        .map((m) => ({ ...m, credits: round4(m.credits) }))
        .sort((a, b) => b.credits - a.credits || b.totalTokens - a.totalTokens),
    },
    totals: { ...totals, textCredits: round4(totals.textCredits) },
    bySpender,
  };
}

function emptyModel(model: string): TextModelUsage {
  return {
    model,
    calls: 0,
    chatCalls: 0,
    apiCalls: 0,
    unknownCalls: 0,
    promptTokens: 0,
    candidatesTokens: 0,
    totalTokens: 0,
    credits: 0,
  };
}

/** A spender's text use today and this month beside the token limits. */
export async function textBudgetOf(db: Db, spender: string, now: Date): Promise<TextPeriodSpend[]> {
  const limits = await budgetOf(db, spender);
  return Promise.all(
    (["day", "month"] as const).map(async (period) => {
      const range = periodRange(period, now);
      const { tokens, credits } = await textTotalsSince(db, spender, range.start);
      return {
        period,
        tokens,
        credits: round4(credits),
        tokenLimit: (period === "day" ? limits?.dailyTokens : limits?.monthlyTokens) ?? null,
        resetsAt: range.end.toISOString(),
      };
    }),
  );
}
