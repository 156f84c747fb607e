import "server-only";
import { z } from "zod";
import type { Db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { LOCAL_OWNER } from "./owner";
import type { Limits } from "./types";

/**
 * A user's limits in credits (the unit of a task's `amount`); null = no limit. Accounts keep them
 * in `Budget` (lib/auth/budgets.ts writes it). The implicit local user of a studio with accounts off
 * is no database row, so its budget is a studio setting, set with `npm run admin -- set-budget --local`.
 */

const LOCAL_KEY = "budget.local";
const limitsSchema = z.object({
  daily: z.number().nullable(),
  monthly: z.number().nullable(),
  dailyTokens: z.number().nullable().optional(),
  monthlyTokens: z.number().nullable().optional(),
});

export async function budgetOf(db: Prisma.TransactionClient, userId: string): Promise<Limits | null> {
  if (userId === LOCAL_OWNER) {
    const row = await db.studioSetting.findUnique({ where: { key: LOCAL_KEY } });
    if (!row) return null;
    const parsed = limitsSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : null;
  }
  return db.budget.findUnique({
    where: { userId },
    select: { daily: true, monthly: true, dailyTokens: true, monthlyTokens: true },
  });
}

/** The local user's budget; a field left undefined is kept. */
export async function setLocalBudget(db: Db, input: Partial<Limits>): Promise<Limits> {
  const current = (await budgetOf(db, LOCAL_OWNER)) ?? { daily: null, monthly: null };
  const pick = <K extends keyof Limits>(key: K) =>
    input[key] === undefined ? (current[key] ?? null) : input[key];
  const next: Limits = {
    daily: pick("daily"),
    monthly: pick("monthly"),
    dailyTokens: pick("dailyTokens"),
    monthlyTokens: pick("monthlyTokens"),
  };
  const value = JSON.stringify(next);
  await db.studioSetting.upsert({
    where: { key: LOCAL_KEY },
    create: { key: LOCAL_KEY, value },
    update: { value },
  });
  return next;
}
