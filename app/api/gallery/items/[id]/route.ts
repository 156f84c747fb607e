import { db } from "@/lib/db";
import { deleteGalleryItem } from "@/lib/gallery/delete";
import { getGalleryItem } from "@/lib/gallery/detail";
import { galleryFiltersSchema, searchParamsObject } from "@/lib/gallery/filters";
import { reviewPatchSchema, updateReview } from "@/lib/gallery/review";
import { handler, readJson } from "@/lib/http/respond";

type Context = { params: Promise<{ id: string }> };

/** The item with everything the detail view shows; the query's filters decide prev/next. */
export const GET = handler(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const filters = galleryFiltersSchema.parse(searchParamsObject(new URL(request.url).searchParams));
  return Response.json(await getGalleryItem(db(), id, filters), { headers: { "Cache-Control": "no-store" } });
});

/** Review fields: { favorite?, rating? (1–5 or null), tags? (names), notes? }. */
export const PATCH = handler(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const patch = reviewPatchSchema.parse(await readJson(request));
  return Response.json(await updateReview(db(), id, patch));
});

/** Removes the task, its media rows, files and thumbnails. */
export const DELETE = handler(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return Response.json(await deleteGalleryItem(db(), id));
});
