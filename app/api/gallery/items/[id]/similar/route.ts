import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";
import { similarItems } from "@/lib/vision/similar";

/** Items that share the most caption words and tags with this one, best first. */
export const GET = route({ auth: "user", params: idParams }, async ({ params, user }) =>
  Response.json(
    { items: await similarItems(db(), user, params.id) },
    { headers: { "Cache-Control": "no-store" } },
  ),
);
