import { audit } from "@/lib/audit/record";
import { requireReauth } from "@/lib/auth/reauth";
import { newUserSchema } from "@/lib/auth/request-schemas";
import { createUser, listUsers } from "@/lib/auth/users";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "admin", credential: "session" }, async ({ auth }) =>
  Response.json({ users: await listUsers(await auth()) }, { headers: { "Cache-Control": "no-store" } }),
);

/**
 * POST { email, name?, password, role?, adminPassword }: a new account with an initial password to
 * hand over; the admin confirms with their own password (lib/auth/reauth.ts).
 */
export const POST = route({ auth: "admin", credential: "session" }, async ({ request, user, auth }) => {
  const { adminPassword, ...input } = newUserSchema.parse(await readJson(request));
  const ctx = await auth();
  await requireReauth(ctx, user, adminPassword, request.headers);
  const created = await createUser(ctx, input);
  await audit(ctx.db, {
    action: "user.create",
    actor: user,
    headers: request.headers,
    target: { type: "user", id: created.id, label: created.email },
    detail: { role: created.role },
  });
  return Response.json(created, { status: 201 });
});
