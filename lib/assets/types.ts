import type { AssetKind, ReviewState } from "./schema";

/** An asset as the API answers it (browser-safe). */
export type AssetView = {
  id: string;
  assetId: string;
  /** assetId://{assetId}: what media fields take. */
  reference: string;
  label: string;
  kind: AssetKind;
  reviewState: ReviewState;
  notes: string;
  origin: "recorded" | "uploaded";
  /** The studio's URL of the stored preview; null when there is none. */
  previewUrl: string | null;
  previewType: string | null;
  /** Where the preview was fetched from, when it came from a URL. */
  previewSource: string | null;
  createdAt: string;
  updatedAt: string;
};
