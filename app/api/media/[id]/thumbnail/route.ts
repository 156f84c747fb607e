import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";
import { thumbnailResponse } from "@/lib/tasks/serve-media";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** The stored thumbnail (image) or poster frame (video); 404 until the gallery made one. */
const serve = route({ auth: "file", params: idParams }, async ({ request, params, user }) =>
  thumbnailResponse(db(), user, request, params.id),
);

export { serve as GET, serve as HEAD };
