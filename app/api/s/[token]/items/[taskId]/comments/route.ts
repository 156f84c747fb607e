import { z } from "zod";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { guestSession, resolveShare } from "@/lib/shares";
import { NO_STORE, tokenParams, withSetCookies } from "@/lib/shares/http";
import { guestAddComment, guestComments } from "@/lib/shares/review";

const params = tokenParams.extend({ taskId: z.string().min(1).max(200) });

/** GET: the threads written through this link on a granted item. */
export const GET = route({ auth: "public", params }, async ({ request, params }) => {
  const grant = await resolveShare(db(), params.token, request.headers);
  const { guest, setCookies } = await guestSession(db(), grant, request.headers);
  return withSetCookies(
    Response.json(await guestComments(db(), grant, guest, params.taskId), { headers: NO_STORE }),
    setCookies,
  );
});

/**
 * POST { body, parentId?, atSeconds?, shape?, guestName? }: only when the link allows comments and
 * the guest has a name (given here or before through /guest).
 */
export const POST = route({ auth: "public", params }, async ({ request, params }) => {
  const grant = await resolveShare(db(), params.token, request.headers);
  const { comment, setCookies } = await guestAddComment(
    db(),
    grant,
    request.headers,
    params.taskId,
    await readJson(request),
  );
  return withSetCookies(Response.json(comment, { status: 201 }), setCookies);
});
