import { audit } from "@/lib/audit/record";
import { requireOwnSession } from "@/lib/auth/self-service";
import { revokeToken } from "@/lib/auth/tokens";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** DELETE: revokes the token at once (kept in the list as revoked). */
export const DELETE = route(
  { auth: "user", credential: "session", params: idParams },
  async ({ request, user, params, auth }) => {
    requireOwnSession(user);
    const ctx = await auth();
    const revoked = await revokeToken(ctx, user.id, params.id);
    await audit(ctx.db, {
      action: "token.revoke",
      actor: user,
      headers: request.headers,
      target: { type: "token", id: revoked.id, label: revoked.name },
    });
    return Response.json(revoked);
  },
);
