import { db } from "@/lib/db";
import { addItems, collectionItemsQuerySchema, listCollectionItems, removeItems } from "@/lib/collections";
import { itemIdsSchema } from "@/lib/collections/schema";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

/** GET ?cursor=&limit=&approval= and every gallery filter: a page in the collection's order. */
export const GET = route(
  { auth: "user", params: idParams, search: collectionItemsQuerySchema },
  async ({ params, searchParams, user }) =>
    Response.json(await listCollectionItems(db(), user, params.id, searchParams), {
      headers: { "Cache-Control": "no-store" },
    }),
);

/** POST { taskIds }: adds at the end, in order; items already in it stay where they are. */
export const POST = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const { taskIds } = itemIdsSchema.parse(await readJson(request));
  return Response.json(await addItems(db(), user, params.id, taskIds));
});

/** DELETE { taskIds }: takes them out of the collection (the gallery items stay). */
export const DELETE = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const { taskIds } = itemIdsSchema.parse(await readJson(request));
  return Response.json(await removeItems(db(), user, params.id, taskIds));
});
