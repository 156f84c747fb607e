import { z } from "zod";
import { db } from "@/lib/db";
import { collectionItemsQuerySchema, getCollectionItem } from "@/lib/collections";
import { route } from "@/lib/http/route";

const params = z.object({ id: z.string().min(1), taskId: z.string().min(1) });

/** The gallery's detail view of an item in the collection; prev/next in its order under the filters. */
export const GET = route(
  { auth: "user", params, search: collectionItemsQuerySchema },
  async ({ params, searchParams, user }) => {
    return Response.json(await getCollectionItem(db(), user, params.id, params.taskId, searchParams), {
      headers: { "Cache-Control": "no-store" },
    });
  },
);
