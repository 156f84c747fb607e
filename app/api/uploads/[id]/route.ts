import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";
import { mediaFileResponse } from "@/lib/storage/files";
import { getMediaUpload } from "@/lib/uploads/media-uploads";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** An uploaded file with Range support; a signed link opens it to the upstream (accounts on). */
const serve = route({ auth: "file", params: idParams }, async ({ request, params, user }) => {
  const row = await getMediaUpload(db(), user, params.id);
  return mediaFileResponse(request, row.path, row.mimeType, { sha256: row.sha256 });
});

export { serve as GET, serve as HEAD };
