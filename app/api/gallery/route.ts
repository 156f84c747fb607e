import { db } from "@/lib/db";
import { galleryListQuerySchema } from "@/lib/gallery/filter-schema";
import { listGalleryItems } from "@/lib/gallery/list";
import { route } from "@/lib/http/route";

/** GET /api/gallery?cursor=&limit=&type=&model=&status=&favorite=&rating=&tag=&from=&to=&q=&batch=&user=&sort= (user: admins; sort: newest | score) */
export const GET = route({ auth: "user", search: galleryListQuerySchema }, async ({ searchParams, user }) =>
  Response.json(await listGalleryItems(db(), user, searchParams), {
    headers: { "Cache-Control": "no-store" },
  }),
);
