import { z } from "zod";
import { db } from "@/lib/db";
import { changeMemberRole, removeMember } from "@/lib/collections";
import { changeRoleSchema } from "@/lib/collections/schema";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

const params = z.object({ id: z.string().min(1), userId: z.string().min(1) });

/** PATCH { role }: owner only. */
export const PATCH = route({ auth: "user", params }, async ({ request, params, user }) => {
  const { role } = changeRoleSchema.parse(await readJson(request));
  return Response.json(await changeMemberRole(db(), user, params.id, params.userId, role));
});

/** Revokes at once (the owner), or leaves (the member themself). */
export const DELETE = route({ auth: "user", params }, async ({ params, user }) => {
  await removeMember(db(), user, params.id, params.userId);
  return new Response(null, { status: 204 });
});
