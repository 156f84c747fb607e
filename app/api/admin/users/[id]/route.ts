import { z } from "zod";
import { roleSchema } from "@/lib/auth/password-policy";
import { refuseSelf } from "@/lib/auth/self-service";
import { deleteUser, updateUser } from "@/lib/auth/users";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const patchSchema = z
  .object({
    disabled: z.boolean({ error: "must be true or false" }).optional(),
    role: roleSchema.optional(),
    name: z.string().max(80, { error: "must be at most 80 characters" }).optional(),
  })
  .strict();

/** PATCH { disabled?, role?, name? }: disabling ends the user's sessions at once. */
export const PATCH = route({ auth: "admin", params: idParams }, async ({ request, user, params, auth }) => {
  const patch = patchSchema.parse(await readJson(request));
  if (patch.disabled !== undefined || patch.role)
    refuseSelf(user, params.id, "disable or change the role of");
  return Response.json(await updateUser(await auth(), params.id, patch));
});

/** DELETE: the account, its sessions, tokens and budget. */
export const DELETE = route({ auth: "admin", params: idParams }, async ({ user, params, auth }) => {
  refuseSelf(user, params.id, "delete");
  await deleteUser(await auth(), params.id);
  return Response.json({ deleted: params.id });
});
