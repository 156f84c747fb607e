import { audit } from "@/lib/audit/record";
import { requireReauth } from "@/lib/auth/reauth";
import { userDeleteSchema, userPatchSchema } from "@/lib/auth/request-schemas";
import { refuseSelf } from "@/lib/auth/self-service";
import { deleteUser, updateUser } from "@/lib/auth/users";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * PATCH { disabled?, role?, name?, adminPassword }: disabling ends the user's sessions at once. A
 * role or disable change needs the admin's own password; a new display name does not.
 */
export const PATCH = route(
  { auth: "admin", credential: "session", params: idParams },
  async ({ request, user, params, auth }) => {
    const { adminPassword, ...patch } = userPatchSchema.parse(await readJson(request));
    const ctx = await auth();
    if (patch.disabled !== undefined || patch.role) {
      refuseSelf(user, params.id, "disable or change the role of");
      await requireReauth(ctx, user, adminPassword, request.headers);
    }
    const before = await ctx.db.user.findUnique({
      where: { id: params.id },
      select: { role: true, banned: true },
    });
    const updated = await updateUser(ctx, params.id, patch);
    const target = { type: "user", id: updated.id, label: updated.email };
    const who = { actor: user, headers: request.headers, target };
    if (before && updated.role !== before.role) {
      await audit(ctx.db, {
        ...who,
        action: "user.role_change",
        detail: { from: before.role, to: updated.role },
      });
    }
    if (before && updated.disabled !== before.banned) {
      await audit(ctx.db, { ...who, action: updated.disabled ? "user.disable" : "user.enable" });
    }
    return Response.json(updated);
  },
);

/** DELETE { adminPassword }: the account, its sessions, tokens and budget. */
export const DELETE = route(
  { auth: "admin", credential: "session", params: idParams },
  async ({ request, user, params, auth }) => {
    refuseSelf(user, params.id, "delete");
    // A body is optional (accounts off needs none); without one the re-auth below names the field.
    const body = request.headers.get("content-type") ? await readJson(request) : {};
    const { adminPassword } = userDeleteSchema.parse(body);
    const ctx = await auth();
    await requireReauth(ctx, user, adminPassword, request.headers);
    const gone = await ctx.db.user.findUnique({
      where: { id: params.id },
      select: { email: true, role: true },
    });
    await deleteUser(ctx, params.id);
    await audit(ctx.db, {
      action: "user.delete",
      actor: user,
      headers: request.headers,
      target: { type: "user", id: params.id, label: gone?.email ?? null },
      detail: gone ? { role: gone.role } : undefined,
    });
    return Response.json({ deleted: params.id });
  },
);
