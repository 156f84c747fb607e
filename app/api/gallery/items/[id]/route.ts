import { audit } from "@/lib/audit/record";
import { galleryDeleteEntry } from "@/lib/audit/targets";
import { db } from "@/lib/db";
import { deleteGalleryItem } from "@/lib/gallery/delete";
import { getGalleryItem } from "@/lib/gallery/detail";
import { galleryFiltersSchema } from "@/lib/gallery/filter-schema";
import { reviewPatchSchema, updateReview } from "@/lib/gallery/review";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

/** The item with everything the detail view shows; the query's filters decide prev/next. */
export const GET = route(
  { auth: "user", params: idParams, search: galleryFiltersSchema },
  async ({ params, searchParams, user }) =>
    Response.json(await getGalleryItem(db(), user, params.id, searchParams), {
      headers: { "Cache-Control": "no-store" },
    }),
);

/** Review fields: { favorite?, rating? (1–5 or null), tags? (names), notes? }. */
export const PATCH = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const patch = reviewPatchSchema.parse(await readJson(request));
  return Response.json(await updateReview(db(), user, params.id, patch));
});

/** Removes the task, its media rows, files and thumbnails. */
export const DELETE = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const result = await deleteGalleryItem(db(), user, params.id);
  await audit(db(), galleryDeleteEntry(user, request.headers, result.deleted));
  return Response.json(result);
});
