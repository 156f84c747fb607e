import { getAsset } from "@/lib/assets/registry";
import { db } from "@/lib/db";
import { StudioError } from "@/lib/errors";
import { idParams, route } from "@/lib/http/route";
import { mediaFileResponse } from "@/lib/storage/file-response";

export const dynamic = "force-dynamic";

const preview = route({ auth: "user", params: idParams }, async ({ request, params, user }) => {
  const asset = await getAsset(db(), user, params.id);
  if (!asset.previewPath || !asset.previewType) {
    throw new StudioError("not_found", `Asset ${params.id} has no preview.`);
  }
  return mediaFileResponse(request, asset.previewPath, asset.previewType, {
    sha256: asset.previewSha256 ?? undefined,
  });
});

export { preview as GET, preview as HEAD };
