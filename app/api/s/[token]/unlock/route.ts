import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { unlockShare } from "@/lib/shares";
import { NO_STORE, tokenParams, withSetCookies } from "@/lib/shares/http";

/** POST /api/s/:token/unlock { password }: rate-limited; a right password sets the unlock cookie. */
export const POST = route({ auth: "public", params: tokenParams }, async ({ request, params }) => {
  const { setCookies } = await unlockShare(db(), params.token, request.headers, await readJson(request));
  return withSetCookies(Response.json({ unlocked: true }, { headers: NO_STORE }), setCookies);
});
