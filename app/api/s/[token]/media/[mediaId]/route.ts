import { z } from "zod";
import { db } from "@/lib/db";
import { route } from "@/lib/http/route";
import { resolveShare, sharedMediaResponse } from "@/lib/shares";
import { tokenParams } from "@/lib/shares/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** A file of an item the link grants (Range: videos seek); `?download=1` only when downloads are allowed. */
const serve = route(
  {
    auth: "public",
    params: tokenParams.extend({ mediaId: z.string().min(1).max(200) }),
    search: z.object({ download: z.string().optional() }),
  },
  async ({ request, params, searchParams }) =>
    sharedMediaResponse(
      db(),
      await resolveShare(db(), params.token, request.headers),
      request,
      params.mediaId,
      {
        download: searchParams.download === "1",
      },
    ),
);

export { serve as GET, serve as HEAD };
