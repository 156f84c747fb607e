import "server-only";
import { z } from "zod";
import type { AuthContext } from "./context";

/**
 * Spending limits per user, stored here and enforced by the spend step. Amounts are in the unit
 * of a task's `amount` (the upstream's cost); null means no limit. A field left out is kept.
 */
const limit = z
  .number({ error: "must be a number" })
  .finite({ error: "must be a number" })
  .min(0, { error: "must be 0 or more" })
  .nullable()
  .optional();

export const budgetSchema = z
  .object({ daily: limit, monthly: limit })
  .refine((b) => b.daily !== undefined || b.monthly !== undefined, {
    error: "give --daily, --monthly or both (a number, or none to remove that limit)",
  });
export type BudgetInput = z.infer<typeof budgetSchema>;

export async function setBudget(ctx: AuthContext, userId: string, input: BudgetInput) {
  const { daily, monthly } = budgetSchema.parse(input);
  const data = { ...(daily !== undefined && { daily }), ...(monthly !== undefined && { monthly }) };
  return ctx.db.budget.upsert({
    where: { userId },
    create: { userId, daily: daily ?? null, monthly: monthly ?? null },
    update: data,
    select: { daily: true, monthly: true },
  });
}
