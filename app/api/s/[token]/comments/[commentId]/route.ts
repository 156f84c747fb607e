import { z } from "zod";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { guestSession, resolveShare } from "@/lib/shares";
import { tokenParams } from "@/lib/shares/http";
import { guestDeleteComment, guestPatchComment } from "@/lib/shares/review";

const params = tokenParams.extend({ commentId: z.string().min(1).max(200) });

/** PATCH { body } edits the guest's own comment; { resolved } resolves or reopens a thread of this link. */
export const PATCH = route({ auth: "public", params }, async ({ request, params }) => {
  const grant = await resolveShare(db(), params.token, request.headers);
  const { guest } = await guestSession(db(), grant, request.headers);
  return Response.json(
    await guestPatchComment(db(), grant, guest, params.commentId, await readJson(request)),
  );
});

/** DELETE: the guest's own comment (with its replies). */
export const DELETE = route({ auth: "public", params }, async ({ request, params }) => {
  const grant = await resolveShare(db(), params.token, request.headers);
  const { guest } = await guestSession(db(), grant, request.headers);
  return Response.json(await guestDeleteComment(db(), grant, guest, params.commentId));
});
