import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { nameGuest, resolveShare } from "@/lib/shares";
import { NO_STORE, tokenParams, withSetCookies } from "@/lib/shares/http";

/** PUT /api/s/:token/guest { name }: the name a guest comments under (kept in their signed cookie). */
export const PUT = route({ auth: "public", params: tokenParams }, async ({ request, params }) => {
  const grant = await resolveShare(db(), params.token, request.headers);
  const { guest, setCookies } = await nameGuest(db(), grant, request.headers, await readJson(request));
  return withSetCookies(Response.json({ name: guest.name }, { headers: NO_STORE }), setCookies);
});
