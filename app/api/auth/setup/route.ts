import { audit } from "@/lib/audit/record";
import { setUpFirstAdmin } from "@/lib/auth/first-admin";
import { env } from "@/lib/env";
import { StudioError } from "@/lib/errors";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * POST { email, name?, password, setupCode? }: the first admin, only while no user exists (then
 * 404); signs them in. The setup code is asked when the studio is reachable beyond loopback.
 */
export const POST = route({ auth: "public" }, async ({ request, auth }) => {
  if (!env().auth.enabled) {
    throw new StudioError("conflict", "Accounts are off (AUTH=off on loopback): there is nothing to set up.");
  }
  const ctx = await auth();
  const { user, setCookies } = await setUpFirstAdmin(ctx, await readJson(request), request.headers);
  await audit(ctx.db, {
    action: "auth.setup",
    actor: user,
    headers: request.headers,
    target: { type: "user", id: user.id, label: user.email },
  });
  const response = Response.json({ user }, { status: 201, headers: { "Cache-Control": "no-store" } });
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
});
