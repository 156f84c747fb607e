import { changePasswordSchema, requireOwnSession } from "@/lib/auth/self-service";
import { changeOwnPassword } from "@/lib/auth/sessions";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * POST { currentPassword, newPassword }: the user's other sessions end, this one goes on, and their
 * API tokens are revoked (the answer says how many).
 */
export const POST = route({ auth: "user", credential: "session" }, async ({ request, user, auth }) => {
  requireOwnSession(user);
  const input = changePasswordSchema.parse(await readJson(request));
  const { revokedTokens, setCookies } = await changeOwnPassword(
    await auth(),
    user.id,
    input,
    request.headers,
  );
  const response = Response.json({ changed: true, revokedTokens });
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
});
