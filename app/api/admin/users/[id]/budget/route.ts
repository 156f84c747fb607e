import { setBudget } from "@/lib/auth/budgets";
import { budgetSchema } from "@/lib/auth/request-schemas";
import { db } from "@/lib/db";
import { StudioError } from "@/lib/errors";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";
import { setLocalBudget } from "@/lib/spend/budgets";
import { LOCAL_OWNER } from "@/lib/spend/owner";

export const dynamic = "force-dynamic";

/**
 * PUT { daily, monthly, dailyTokens?, monthlyTokens? } (credits, text tokens; null = no limit,
 * a token limit left out is kept): a user's budget. The id "local" is the implicit user of a
 * studio with accounts off.
 */
export const PUT = route(
  { auth: "admin", credential: "session", params: idParams },
  async ({ request, params, auth }) => {
    const input = budgetSchema.parse(await readJson(request));
    if (params.id === LOCAL_OWNER) return Response.json(await setLocalBudget(db(), input));
    const ctx = await auth();
    if (!(await ctx.db.user.findUnique({ where: { id: params.id }, select: { id: true } })))
      throw new StudioError("not_found", "No such user.");
    return Response.json(await setBudget(ctx, params.id, input));
  },
);
