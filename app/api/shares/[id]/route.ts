import { audit } from "@/lib/audit/record";
import { shareTarget } from "@/lib/audit/targets";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";
import { revokeShareLink, updateShareLink } from "@/lib/shares";

/** PATCH /api/shares/:id { label?, expiresAt?, password? (null removes it), allowDownload?, allowComments?, showPrompts? } */
export const PATCH = route({ auth: "user", params: idParams }, async ({ request, params, user }) =>
  Response.json(await updateShareLink(db(), user, params.id, await readJson(request))),
);

/** DELETE /api/shares/:id: revokes the link at once (it stays listed, marked revoked). */
export const DELETE = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const link = await revokeShareLink(db(), user, params.id);
  await audit(db(), {
    action: "share.revoke",
    actor: user,
    headers: request.headers,
    target: shareTarget(link),
  });
  return Response.json(link);
});
