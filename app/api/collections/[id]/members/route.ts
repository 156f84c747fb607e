import { db } from "@/lib/db";
import { addMember, listMembers } from "@/lib/collections";
import { addMemberSchema } from "@/lib/collections/schema";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

export const GET = route({ auth: "user", params: idParams }, async ({ params, user }) =>
  Response.json(
    { members: await listMembers(db(), user, params.id) },
    { headers: { "Cache-Control": "no-store" } },
  ),
);

/** POST { email | userId, role: viewer|commenter|editor }: share (again: change the role). Owner only. */
export const POST = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const input = addMemberSchema.parse(await readJson(request));
  return Response.json(await addMember(db(), user, params.id, input), { status: 201 });
});
