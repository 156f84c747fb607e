import { db } from "@/lib/db";
import { galleryZipResponse, zipRequestSchema } from "@/lib/gallery/zip";
import { handler, readJson } from "@/lib/http/respond";

/**
 * POST { ids: [...] } as JSON, or a plain form post with repeated `ids` fields (the page submits a
 * form so the browser streams the archive straight to disk). Answers a streamed zip.
 */
export const POST = handler(async (request: Request) => {
  const type = request.headers.get("content-type") ?? "";
  const body = type.includes("application/json")
    ? await readJson(request)
    : { ids: (await request.formData()).getAll("ids").filter((v) => typeof v === "string") };
  const { ids } = zipRequestSchema.parse(body);
  return galleryZipResponse(db(), ids);
});
