import { requireOwnSession } from "@/lib/auth/self-service";
import { revokeToken } from "@/lib/auth/tokens";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** DELETE: revokes the token at once (kept in the list as revoked). */
export const DELETE = route(
  { auth: "user", credential: "session", params: idParams },
  async ({ user, params, auth }) => {
    requireOwnSession(user);
    return Response.json(await revokeToken(await auth(), user.id, params.id));
  },
);
