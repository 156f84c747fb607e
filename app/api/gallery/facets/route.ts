import { db } from "@/lib/db";
import { galleryFacets } from "@/lib/gallery/tags";
import { route } from "@/lib/http/route";

/** GET /api/gallery/facets: models and tags present in the gallery, for the filter bar. */
export const GET = route({ auth: "user" }, async ({ user }) =>
  Response.json(await galleryFacets(db(), user), { headers: { "Cache-Control": "no-store" } }),
);
