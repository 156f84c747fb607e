import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";
import { shownEditSchema } from "@/lib/vision/description-schema";
import { describeItemNow, editItemShown, itemShown } from "@/lib/vision/item-shown";

/** What the vision model saw in the item (caption, tags, shots), or why it has no description. */
export const GET = route({ auth: "user", params: idParams }, async ({ params, user }) =>
  Response.json(await itemShown(db(), user, params.id), { headers: { "Cache-Control": "no-store" } }),
);

/** The owner's own caption and tags; kept as written. */
export const PUT = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const edit = shownEditSchema.parse(await readJson(request));
  return Response.json(await editItemShown(db(), user, params.id, edit));
});

/** Describe it now (again after a refusal or failure), charged to the owner's text budget. */
export const POST = route({ auth: "user", params: idParams }, async ({ params, user }) =>
  Response.json(await describeItemNow(db(), user, params.id), { status: 202 }),
);
