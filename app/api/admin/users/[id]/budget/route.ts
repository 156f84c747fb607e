import { z } from "zod";
import { setBudget } from "@/lib/auth/budgets";
import { db } from "@/lib/db";
import { StudioError } from "@/lib/errors";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";
import { setLocalBudget } from "@/lib/spend/budgets";
import { LOCAL_OWNER } from "@/lib/spend/owner";

export const dynamic = "force-dynamic";

const limit = z
  .number({ error: "must be a number of credits, or null for no limit" })
  .finite({ error: "must be a number of credits, or null for no limit" })
  .min(0, { error: "must be 0 or more" })
  .nullable();
const tokens = z
  .number({ error: "must be a whole number of tokens, or null for no limit" })
  .int({ error: "must be a whole number of tokens, or null for no limit" })
  .min(0, { error: "must be 0 or more" })
  .max(2_000_000_000, { error: "must be at most 2000000000 tokens" })
  .nullable()
  .optional();
const bodySchema = z
  .object({ daily: limit, monthly: limit, dailyTokens: tokens, monthlyTokens: tokens })
  .strict();

/**
 * PUT { daily, monthly, dailyTokens?, monthlyTokens? } (credits, text tokens; null = no limit,
 * a token limit left out is kept): a user's budget. The id "local" is the implicit user of a
 * studio with accounts off.
 */
export const PUT = route(
  { auth: "admin", credential: "session", params: idParams },
  async ({ request, params, auth }) => {
    const input = bodySchema.parse(await readJson(request));
    if (params.id === LOCAL_OWNER) return Response.json(await setLocalBudget(db(), input));
    const ctx = await auth();
    if (!(await ctx.db.user.findUnique({ where: { id: params.id }, select: { id: true } })))
      throw new StudioError("not_found", "No such user.");
    return Response.json(await setBudget(ctx, params.id, input));
  },
);
