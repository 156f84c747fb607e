import { audit } from "@/lib/audit/record";
import { requireReauth } from "@/lib/auth/reauth";
import { resetPasswordSchema } from "@/lib/auth/request-schemas";
import { resetPassword } from "@/lib/auth/users";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * POST { password, keepTokens?, adminPassword }: sets a new password, ends the user's sessions and
 * revokes their API tokens unless `keepTokens`; answers how many were revoked.
 */
export const POST = route(
  { auth: "admin", credential: "session", params: idParams },
  async ({ request, user, params, auth }) => {
    const { password, keepTokens, adminPassword } = resetPasswordSchema.parse(await readJson(request));
    const ctx = await auth();
    await requireReauth(ctx, user, adminPassword, request.headers);
    const { revokedTokens } = await resetPassword(ctx, params.id, password, { keepTokens });
    const target = await ctx.db.user.findUnique({ where: { id: params.id }, select: { email: true } });
    await audit(ctx.db, {
      action: "user.password_reset",
      actor: user,
      headers: request.headers,
      target: { type: "user", id: params.id, label: target?.email ?? null },
      detail: { revokedTokens },
    });
    return Response.json({ reset: true, revokedTokens });
  },
);
