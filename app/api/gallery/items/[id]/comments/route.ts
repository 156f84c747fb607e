import { itemAccess } from "@/lib/collections/access";
import { addComment, listComments, newCommentSchema, userActor } from "@/lib/comments";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

const noStore = { "Cache-Control": "no-store" };

/** The item's threads with their replies (anyone who may see the item: its owner, its collections' members). */
export const GET = route({ auth: "user", params: idParams }, async ({ params, user }) => {
  const { power } = await itemAccess(db(), user, params.id, "view");
  return Response.json(await listComments(db(), userActor(user, power), params.id), { headers: noStore });
});

/** A comment or reply: { body, parentId?, atSeconds?, shape?, collectionId? } (owner, editors, commenters). */
export const POST = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const { power } = await itemAccess(db(), user, params.id, "comment");
  const input = newCommentSchema.parse(await readJson(request));
  return Response.json(await addComment(db(), userActor(user, power), params.id, input), {
    status: 201,
    headers: noStore,
  });
});
