import { db } from "@/lib/db";
import { deleteGalleryItems } from "@/lib/gallery/delete";
import { applyBulkReview, bulkActionSchema } from "@/lib/gallery/review";
import { handler, readJson } from "@/lib/http/respond";

/** POST { action: favorite|unfavorite|addTag|removeTag|delete, ids: [...], tag? }. */
export const POST = handler(async (request: Request) => {
  const action = bulkActionSchema.parse(await readJson(request));
  if (action.action === "delete") return Response.json(await deleteGalleryItems(db(), action.ids));
  return Response.json(await applyBulkReview(db(), action));
});
