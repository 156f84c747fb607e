import { db } from "@/lib/db";
import { galleryDownloadResponse } from "@/lib/gallery/download";
import { handler } from "@/lib/http/respond";

/** GET /api/gallery/items/<taskId>/download[?media=<mediaId>]: the file with a meaningful name. */
export const GET = handler(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const mediaId = new URL(request.url).searchParams.get("media") ?? undefined;
  return galleryDownloadResponse(db(), request, id, mediaId);
});
