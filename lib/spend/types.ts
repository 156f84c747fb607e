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
export type SpendUser = { userId: string; label: string; credits: number; tasks: number; chatTokens: number };
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
  totals: { credits: number; tasks: number; running: number; chatTokens: number };
  days: SpendDay[];
  models: SpendModel[];
  /** Per user, when the report covers every user. */
  users: SpendUser[] | null;
  chat: { days: { day: string; tokens: number }[]; models: ChatUsage[] };
  /** The user's budget and where it stands now (a report for one user). */
  budget: BudgetStatus | null;
};
