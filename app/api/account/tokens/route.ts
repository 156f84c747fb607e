import { audit } from "@/lib/audit/record";
import { requireOwnSession } from "@/lib/auth/self-service";
import { createToken, listTokens, newTokenSchema } from "@/lib/auth/tokens";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const noStore = { "Cache-Control": "no-store" };

/** GET: the user's API tokens (never the tokens themselves). */
export const GET = route({ auth: "user", credential: "session" }, async ({ user, auth }) => {
  requireOwnSession(user);
  return Response.json({ tokens: await listTokens(await auth(), user.id) }, { headers: noStore });
});

/** POST { name, expiresInDays? }: the answer's `token` is the only time it is shown. */
export const POST = route({ auth: "user", credential: "session" }, async ({ request, user, auth }) => {
  requireOwnSession(user);
  const input = newTokenSchema.parse(await readJson(request));
  const ctx = await auth();
  const created = await createToken(ctx, user.id, input);
  await audit(ctx.db, {
    action: "token.create",
    actor: user,
    headers: request.headers,
    target: { type: "token", id: created.id, label: created.name },
    detail: { expiresAt: created.expiresAt },
  });
  return Response.json(created, { status: 201, headers: noStore });
});
