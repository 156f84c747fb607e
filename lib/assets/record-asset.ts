import "server-only";
import type { Viewer } from "../auth/scope";
import type { Db } from "../db";
import { storePreviewFile, storePreviewFromUrl, type StoredPreview } from "./preview";
import { assertAssetIdFree, createAssetRow } from "./registry";
import type { CreateAsset } from "./schema";
import type { AssetView } from "./types";

export type PreviewUpload = {
  stream: ReadableStream<Uint8Array>;
  name: string;
  declaredType?: string;
};

/**
 * Records an id the user already has, with a preview from a file they sent or from a URL (the file
 * wins when both come). The id is checked first, so a duplicate never fetches or stores anything.
 */
export async function recordAsset(
  db: Db,
  viewer: Viewer,
  input: CreateAsset,
  previewFile?: PreviewUpload,
): Promise<AssetView> {
  await assertAssetIdFree(db, viewer, input.assetId);
  let preview: StoredPreview | null = null;
  if (previewFile) {
    preview = await storePreviewFile(previewFile.stream, input.kind, {
      name: previewFile.name,
      declaredType: previewFile.declaredType,
      field: "preview",
    });
  } else if (input.previewUrl) {
    preview = await storePreviewFromUrl(input.previewUrl, input.kind);
  }
  return createAssetRow(db, viewer, input, preview);
}
