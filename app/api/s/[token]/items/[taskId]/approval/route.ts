import { z } from "zod";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { guestSession, resolveShare } from "@/lib/shares";
import { NO_STORE, tokenParams, withSetCookies } from "@/lib/shares/http";
import { guestApproval, guestSetApproval } from "@/lib/shares/review";

const params = tokenParams.extend({ taskId: z.string().min(1).max(200) });

/** GET: the item's approval in the link's collection, and whether this guest may set it. */
export const GET = route({ auth: "public", params }, async ({ request, params }) => {
  const grant = await resolveShare(db(), params.token, request.headers);
  return Response.json(await guestApproval(db(), grant, params.taskId), { headers: NO_STORE });
});

/** PUT { status }: a guest's approval of a granted item of a collection link that allows comments. */
export const PUT = route({ auth: "public", params }, async ({ request, params }) => {
  const grant = await resolveShare(db(), params.token, request.headers);
  const { guest, setCookies } = await guestSession(db(), grant, request.headers);
  const approval = await guestSetApproval(db(), grant, guest, params.taskId, await readJson(request));
  return withSetCookies(Response.json(approval), setCookies);
});
