import { createHash } from "node:crypto";
import { apiError, methodNotAllowed } from "./api-error";
import { hasBearerToken, unauthorized } from "./auth";

/**
 * The sandbox's stand-in for the asset upload operation, whose path and payload the spec does not
 * show (docs/decisions/assets.md). It exists so the studio's upload client is tested against a
 * real listener: `POST {sandbox}/assets/upload`, multipart with the file in `file`, bearer key.
 * It answers 201 `{ "data": { "asset_id": "sbx-asset-<first 16 hex of the file's sha256>",
 * "status": "pending" } }`: the id sits inside `data` under a snake_case name on purpose, so the
 * studio's lenient reading of the answer is exercised end to end. Nothing is stored.
 */
export const ASSET_UPLOAD_PATH = "/assets/upload";

export async function handleAssetUpload(request: Request): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed(request.method, ["POST"]);
  if (!hasBearerToken(request)) return unauthorized(request);
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type)) {
    return apiError(
      415,
      "invalid_request_error",
      "unsupported_media_type",
      `Send multipart/form-data with the file in the field "file" (got ${type ? `"${type}"` : "none"}).`,
    );
  }
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("file");
  } catch {
    return apiError(
      400,
      "invalid_request_error",
      "invalid_multipart",
      "The multipart body could not be read.",
    );
  }
  if (!(file instanceof File) || file.size === 0) {
    return apiError(
      400,
      "invalid_request_error",
      "missing_file",
      'The form has no non-empty "file" field.',
      "file",
    );
  }
  const sha256 = createHash("sha256")
    .update(new Uint8Array(await file.arrayBuffer()))
    .digest("hex");
  return Response.json(
    { data: { asset_id: `sbx-asset-${sha256.slice(0, 16)}`, status: "pending" } },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}
