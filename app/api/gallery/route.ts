import { db } from "@/lib/db";
import { galleryListQuerySchema, searchParamsObject } from "@/lib/gallery/filters";
import { listGalleryItems } from "@/lib/gallery/list";
import { handler } from "@/lib/http/respond";

/** GET /api/gallery?cursor=&limit=&type=&model=&status=&favorite=&rating=&tag=&from=&to=&q= */
export const GET = handler(async (request: Request) => {
  const query = galleryListQuerySchema.parse(searchParamsObject(new URL(request.url).searchParams));
  return Response.json(await listGalleryItems(db(), query), { headers: { "Cache-Control": "no-store" } });
});
