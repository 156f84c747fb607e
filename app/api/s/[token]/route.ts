import { db } from "@/lib/db";
import { route } from "@/lib/http/route";
import { guestSession, resolveShare, sharePage } from "@/lib/shares";
import { NO_STORE, tokenParams, withSetCookies } from "@/lib/shares/http";

export const dynamic = "force-dynamic";

/** GET /api/s/:token: what the share page shows (no prompt unless the link shows prompts); counts a view. */
export const GET = route({ auth: "public", params: tokenParams }, async ({ request, params }) => {
  const grant = await resolveShare(db(), params.token, request.headers);
  const { guest, setCookies } = await guestSession(db(), grant, request.headers, { countView: true });
  const page = await sharePage(db(), grant, guest.name);
  return withSetCookies(Response.json(page, { headers: NO_STORE }), setCookies);
});
