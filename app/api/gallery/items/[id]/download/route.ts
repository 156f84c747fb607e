import { z } from "zod";
import { db } from "@/lib/db";
import { galleryDownloadResponse } from "@/lib/gallery/download";
import { idParams, route } from "@/lib/http/route";

/** GET /api/gallery/items/<taskId>/download[?media=<mediaId>]: the file with a meaningful name. */
export const GET = route(
  { auth: "user", params: idParams, search: z.object({ media: z.string().optional() }) },
  async ({ request, params, searchParams, user }) =>
    galleryDownloadResponse(db(), user, request, params.id, searchParams.media),
);
