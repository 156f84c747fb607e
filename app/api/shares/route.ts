import { audit } from "@/lib/audit/record";
import { shareTarget } from "@/lib/audit/targets";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { createShareLink, listShareLinks } from "@/lib/shares";
import { listSharesSchema } from "@/lib/shares/schema";

/** GET /api/shares?collectionId=… | ?taskId=…: the links of what you manage, with views. */
export const GET = route({ auth: "user", search: listSharesSchema }, async ({ searchParams, user }) =>
  Response.json(
    { links: await listShareLinks(db(), user, searchParams) },
    { headers: { "Cache-Control": "no-store" } },
  ),
);

/** POST /api/shares { collectionId | taskId, expiresAt?, password?, allowDownload?, allowComments?, showPrompts?, label? } */
export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const link = await createShareLink(db(), user, await readJson(request));
  await audit(db(), {
    action: "share.create",
    actor: user,
    headers: request.headers,
    target: shareTarget(link),
    detail: { expiresAt: link.expiresAt, hasPassword: link.hasPassword, allowDownload: link.allowDownload },
  });
  return Response.json(link, { status: 201 });
});
