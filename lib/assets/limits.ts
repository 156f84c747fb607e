import type { AssetKind } from "./schema";

/**
 * Largest file per kind: the spec's limits of the asset-library models ("each under" 30 MB for
 * images, 50 MB for videos, 15 MB for audio). A preview or an upload above them is refused before
 * anything is stored or sent.
 */
export const ASSET_FILE_MAX_BYTES: Record<AssetKind, number> = {
  image: 30 * 1024 ** 2,
  video: 50 * 1024 ** 2,
  audio: 15 * 1024 ** 2,
};
