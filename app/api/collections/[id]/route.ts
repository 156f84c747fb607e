import { db } from "@/lib/db";
import { deleteCollection, getCollection, updateCollection } from "@/lib/collections";
import { updateCollectionSchema } from "@/lib/collections/schema";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

export const GET = route({ auth: "user", params: idParams }, async ({ params, user }) =>
  Response.json(await getCollection(db(), user, params.id), { headers: { "Cache-Control": "no-store" } }),
);

/** PATCH { name?, description?, coverTaskId? (null: the first item) }: editors and the owner. */
export const PATCH = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const input = updateCollectionSchema.parse(await readJson(request));
  return Response.json(await updateCollection(db(), user, params.id, input));
});

/** The owner only; the gallery items stay. */
export const DELETE = route({ auth: "user", params: idParams }, async ({ params, user }) => {
  await deleteCollection(db(), user, params.id);
  return new Response(null, { status: 204 });
});
