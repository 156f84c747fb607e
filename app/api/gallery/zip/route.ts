import { db } from "@/lib/db";
import { galleryZipResponse, readZipRequest } from "@/lib/gallery/zip";
import { route } from "@/lib/http/route";

/**
 * POST { ids: [...] } as JSON, or a plain form post with repeated `ids` fields (the page submits a
 * form so the browser streams the archive straight to disk). Answers a streamed zip.
 */
export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const { ids } = await readZipRequest(request);
  return galleryZipResponse(db(), user, ids);
});
