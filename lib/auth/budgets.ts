import "server-only";
import { z } from "zod";
import { issueCode } from "../http/zod-issue";
import type { AuthContext } from "./context";

/**
 * Spending limits per user, stored here and enforced by the spend step. Amounts are in the unit
 * of a task's `amount` (the upstream's cost), token limits in text tokens (chat and the text API
 * mirror, lib/spend/text-admission.ts); null means no limit. A field left out is kept.
 */
const limit = z
  .number({ error: "must be a number" })
  .finite({ error: "must be a number" })
  .min(0, { error: "must be 0 or more" })
  .nullable()
  .optional();

/** Text tokens (chat and the text API mirror) per period: a whole number. */
const tokenLimit = z
  .number({ error: "must be a whole number of tokens" })
  .int({ error: "must be a whole number of tokens" })
  .min(0, { error: "must be 0 or more" })
  .max(2_000_000_000, { error: "must be at most 2000000000 tokens" })
  .nullable()
  .optional();

export const budgetSchema = z
  .object({ daily: limit, monthly: limit, dailyTokens: tokenLimit, monthlyTokens: tokenLimit })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    error:
      "give --daily, --monthly, --daily-tokens and/or --monthly-tokens (a number, or none to remove that limit)",
    ...issueCode("at_least_one_of", { fields: ["daily", "monthly", "dailyTokens", "monthlyTokens"] }),
  });
export type BudgetInput = z.infer<typeof budgetSchema>;

export async function setBudget(ctx: AuthContext, userId: string, input: BudgetInput) {
  const parsed = budgetSchema.parse(input);
  const data = Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
  return ctx.db.budget.upsert({
    where: { userId },
    create: { userId, daily: null, monthly: null, ...data },
    update: data,
    select: { daily: true, monthly: true, dailyTokens: true, monthlyTokens: true },
  });
}
