import { db } from "@/lib/db";
import { galleryZipResponse, readZipRequest } from "@/lib/gallery/zip";
import { handler } from "@/lib/http/respond";

/**
 * POST { ids: [...] } as JSON, or a plain form post with repeated `ids` fields (the page submits a
 * form so the browser streams the archive straight to disk). Answers a streamed zip.
 */
export const POST = handler(async (request: Request) => {
  const { ids } = await readZipRequest(request);
  return galleryZipResponse(db(), ids);
});
