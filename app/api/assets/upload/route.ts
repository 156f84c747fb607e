// "Upload to the asset library": multipart/form-data with label, kind, notes? and the file in "file".
import { uploadAsset } from "@/lib/assets/upload-asset";
import { uploadAssetSchema } from "@/lib/assets/schema";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { StudioError } from "@/lib/errors";
import { isMultipart, readMultipart } from "@/lib/http/multipart";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "user" }, async ({ request, user }) => {
  if (!isMultipart(request)) {
    throw new StudioError(
      "unsupported_media_type",
      'Send multipart/form-data with the file in a field named "file".',
    );
  }
  const { fields, file } = await readMultipart(request, "file", env().bodyLimits.upload);
  const input = uploadAssetSchema.parse(fields);
  if (!file) {
    throw new StudioError("invalid_request", 'file: choose the file to upload (form field "file").', {
      issues: [{ path: "file", message: "is required", code: "required" }],
    });
  }
  const asset = await uploadAsset(db(), user, input, file);
  return Response.json(asset, { status: 201 });
});
