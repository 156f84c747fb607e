import { z } from "zod";
import { db } from "@/lib/db";
import { route } from "@/lib/http/route";
import { resolveShare, sharedThumbnailResponse } from "@/lib/shares";
import { tokenParams } from "@/lib/shares/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** The poster frame or thumbnail of a granted file. */
const serve = route(
  { auth: "public", params: tokenParams.extend({ mediaId: z.string().min(1).max(200) }) },
  async ({ request, params }) =>
    sharedThumbnailResponse(
      db(),
      await resolveShare(db(), params.token, request.headers),
      request,
      params.mediaId,
    ),
);

export { serve as GET, serve as HEAD };
