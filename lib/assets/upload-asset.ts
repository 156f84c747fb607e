import "server-only";
import type { Viewer } from "../auth/scope";
import type { Db } from "../db";
import { env } from "../env";
import { StudioError } from "../errors";
import { removeMediaFile } from "../storage/files";
import { storePreviewFile } from "./preview";
import type { PreviewUpload } from "./record-asset";
import { createAssetRow } from "./registry";
import type { UploadAsset } from "./schema";
import type { AssetView } from "./types";
import { uploadToAssetLibrary, type UploadTarget } from "./upload-client";

/** The configured upload operation, or null: uploads happen elsewhere and only ids are recorded. */
export function uploadTarget(): UploadTarget | null {
  const { assetUploadUrl, apiKey } = env();
  return assetUploadUrl ? { url: assetUploadUrl, apiKey } : null;
}

/**
 * "Upload to the asset library": the file is stored first (it is the entry's preview, and its
 * bytes and size are checked before anything leaves), then streamed from disk to the upload
 * endpoint; the id it answers is recorded with review pending (review starts with the upload).
 */
export async function uploadAsset(
  db: Db,
  viewer: Viewer,
  input: UploadAsset,
  file: PreviewUpload,
  target: UploadTarget | null = uploadTarget(),
): Promise<AssetView> {
  if (!target) {
    throw new StudioError(
      "conflict",
      "No asset upload endpoint is configured (ASSET_UPLOAD_URL). Upload the file where your provider " +
        "offers it (e.g. its console) and record the asset id here.",
    );
  }
  const preview = await storePreviewFile(file.stream, input.kind, {
    name: file.name,
    declaredType: file.declaredType,
    field: "file",
  });
  let assetId: string;
  try {
    assetId = await uploadToAssetLibrary(target, {
      key: preview.previewPath,
      name: file.name,
      contentType: preview.previewType,
      size: preview.previewSize,
    });
  } catch (error) {
    await removeMediaFile(preview.previewPath).catch(() => undefined);
    throw error;
  }
  return createAssetRow(
    db,
    viewer,
    { ...input, assetId, reviewState: "pending", origin: "uploaded" },
    preview,
  );
}
