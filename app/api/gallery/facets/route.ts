import { db } from "@/lib/db";
import { galleryFacets } from "@/lib/gallery/tags";
import { handler } from "@/lib/http/respond";

/** GET /api/gallery/facets: models and tags present in the gallery, for the filter bar. */
export const GET = handler(async () =>
  Response.json(await galleryFacets(db()), { headers: { "Cache-Control": "no-store" } }),
);
