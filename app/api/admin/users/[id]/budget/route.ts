import { audit } from "@/lib/audit/record";
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
  async ({ request, params, auth, user }) => {
    const input = budgetSchema.parse(await readJson(request));
    const record = (label: string | null) =>
      audit(db(), {
        action: "user.budget_change",
        actor: user,
        headers: request.headers,
        target: { type: "user", id: params.id, label },
        detail: { ...input },
      });
    if (params.id === LOCAL_OWNER) {
      const budget = await setLocalBudget(db(), input);
      await record("local user");
      return Response.json(budget);
    }
    const ctx = await auth();
    const target = await ctx.db.user.findUnique({ where: { id: params.id }, select: { email: true } });
    if (!target) throw new StudioError("not_found", "No such user.");
    const budget = await setBudget(ctx, params.id, input);
    await record(target.email);
    return Response.json(budget);
  },
);
