import { db } from "@/lib/db";
import { route } from "@/lib/http/route";
import { resolveShare, sharedZipResponse } from "@/lib/shares";
import { tokenParams } from "@/lib/shares/http";

export const runtime = "nodejs";

/** GET /api/s/:token/zip: every shared file in one archive; only when the link allows downloads. */
export const GET = route({ auth: "public", params: tokenParams }, async ({ request, params }) =>
  sharedZipResponse(db(), await resolveShare(db(), params.token, request.headers)),
);
