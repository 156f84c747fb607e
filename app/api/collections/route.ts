import { db } from "@/lib/db";
import { createCollection, listCollections } from "@/lib/collections";
import { createCollectionSchema } from "@/lib/collections/schema";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

/** The viewer's collections and those shared with them (count, cover, progress, power). */
export const GET = route({ auth: "user" }, async ({ user }) =>
  Response.json(
    { collections: await listCollections(db(), user) },
    { headers: { "Cache-Control": "no-store" } },
  ),
);

/** POST { name, description?, taskIds? }: a new collection, optionally with its first items. */
export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const input = createCollectionSchema.parse(await readJson(request));
  return Response.json(await createCollection(db(), user, input), { status: 201 });
});
