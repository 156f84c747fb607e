import { db } from "@/lib/db";
import { StudioError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { spendQuery, spendReport } from "@/lib/spend/ledger";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/spend?from=YYYY-MM-DD&to=YYYY-MM-DD&user=<id|all> — credits per day, model and (for
 * admins, every user by default) user, chat tokens, and the user's budget. Members see their own.
 */
export const GET = route({ auth: "user", search: spendQuery }, async ({ user, searchParams }) => {
  const { from, to, user: asked } = searchParams;
  let userId: string | null;
  if (user.role === "admin") userId = !asked || asked === "all" ? null : asked;
  else if (!asked || asked === user.id) userId = user.id;
  else throw new StudioError("forbidden", "Only an admin can see another user's spend.");
  return Response.json(await spendReport(db(), { from, to, userId }), {
    headers: { "Cache-Control": "no-store" },
  });
});
