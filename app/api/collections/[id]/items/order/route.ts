import { db } from "@/lib/db";
import { moveItem } from "@/lib/collections";
import { moveSchema } from "@/lib/collections/schema";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

/** POST { taskId, before: taskId | null } (a drop) or { taskId, step: -1 | 1 } (a key): the new order. */
export const POST = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const move = moveSchema.parse(await readJson(request));
  return Response.json(await moveItem(db(), user, params.id, move));
});
