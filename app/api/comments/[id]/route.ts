import type { StudioUser } from "@/lib/auth/types";
import { itemAccess } from "@/lib/collections/access";
import {
  commentPatchSchema,
  commentTaskId,
  deleteComment,
  editComment,
  setResolved,
  userActor,
} from "@/lib/comments";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

/** A comment on an item the user cannot reach is answered as one that does not exist (404). */
async function actorFor(user: StudioUser, id: string) {
  const taskId = await commentTaskId(db(), id);
  const { power } = await itemAccess(db(), user, taskId, "view");
  return userActor(user, power);
}

/** { body } edits the author's text; { resolved: true | false } resolves or reopens the thread. */
export const PATCH = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const actor = await actorFor(user, params.id);
  const patch = commentPatchSchema.parse(await readJson(request));
  return Response.json(
    "body" in patch
      ? await editComment(db(), actor, params.id, patch.body)
      : await setResolved(db(), actor, params.id, patch.resolved),
  );
});

/** The author removes their comment (a thread goes with its replies). */
export const DELETE = route({ auth: "user", params: idParams }, async ({ params, user }) =>
  Response.json(await deleteComment(db(), await actorFor(user, params.id), params.id)),
);
