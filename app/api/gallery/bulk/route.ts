import { audit } from "@/lib/audit/record";
import { galleryDeleteEntry } from "@/lib/audit/targets";
import { db } from "@/lib/db";
import { deleteGalleryItems } from "@/lib/gallery/delete";
import { applyBulkReview, bulkActionSchema } from "@/lib/gallery/review";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

/** POST { action: favorite|unfavorite|addTag|removeTag|delete, ids: [...], tag? }. */
export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const action = bulkActionSchema.parse(await readJson(request));
  if (action.action === "delete") {
    const result = await deleteGalleryItems(db(), user, action.ids);
    if (result.deleted.length) await audit(db(), galleryDeleteEntry(user, request.headers, result.deleted));
    return Response.json(result);
  }
  return Response.json(await applyBulkReview(db(), user, action));
});
