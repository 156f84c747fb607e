import type { Period } from "./periods";

/** What the spend API and the budget check answer; shared with the browser (no server code here). */
export type Limits = {
  daily: number | null;
  monthly: number | null;
  /** Text tokens (chat and the text API) per day / month; null or absent = no limit. */
  dailyTokens?: number | null;
  monthlyTokens?: number | null;
};

export type PeriodSpend = {
  period: Period;
  limit: number | null;
  /** Settled credits in the period. */
  spent: number;
  /** Credits still running (estimated where not yet known). */
  running: number;
  resetsAt: string;
};

export type BudgetStatus = { limits: Limits | null; periods: PeriodSpend[] };

export type SpendDay = { day: string; credits: number; tasks: number; byModel: Record<string, number> };
export type SpendModel = { model: string; credits: number; tasks: number };
export type SpendUser = {
  userId: string;
  label: string;
  credits: number;
  tasks: number;
  chatTokens: number;
  /** Text calls of chat and the text API mirror: tokens and their credits (TEXT_TOKEN_PRICES). */
  textTokens: number;
  textCredits: number;
};
/** Text calls of one model (chat answers and text API mirror calls), from the text ledger. */
export type TextModelUsage = {
  model: string;
  calls: number;
  chatCalls: number;
  apiCalls: number;
  /** Calls that reported no usage (cut off before it came): counted, tokens unknown. */
  unknownCalls: number;
  promptTokens: number;
  candidatesTokens: number;
  totalTokens: number;
  credits: number;
};
/** A user's text use in a budget period, beside its token limit. */
export type TextPeriodSpend = {
  period: Period;
  tokens: number;
  credits: number;
  tokenLimit: number | null;
  resetsAt: string;
};
export type ChatUsage = {
  model: string;
  messages: number;
  promptTokens: number;
  candidatesTokens: number;
  totalTokens: number;
};

export type SpendReport = {
  from: string;
  to: string;
  /** The user the report is for; null = every user. */
  user: { id: string; label: string } | null;
  totals: {
    credits: number;
    tasks: number;
    running: number;
    chatTokens: number;
    textTokens: number;
    textCredits: number;
    textCalls: number;
  };
  days: SpendDay[];
  models: SpendModel[];
  /** Per user, when the report covers every user. */
  users: SpendUser[] | null;
  /** Chat answers only (a part of `text`). */
  chat: { days: { day: string; tokens: number }[]; models: ChatUsage[] };
  /** Every text call: chat and the text API mirror. */
  text: { days: { day: string; tokens: number; credits: number }[]; models: TextModelUsage[] };
  /** The user's budget and where it stands now (a report for one user). */
  budget: BudgetStatus | null;
  /** The user's text tokens and credits today and this month, with the token limits. */
  textBudget: TextPeriodSpend[] | null;
};
