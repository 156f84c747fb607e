// Browser-safe shapes of the vision routes' answers (the gallery detail view reads them).
import type { GalleryItem } from "../gallery/types";
import type { FailureParams } from "../failure-fields";

/** What the detail view shows of an item's description, and whether describing is on for its owner. */
export type ItemShown = {
  status: "none" | "pending" | "done" | "refused" | "failed";
  caption: string;
  tags: string[];
  shots: string[];
  model: string | null;
  tokens: number | null;
  credits: number;
  /** Why there is no description (over budget, invalid answers, no file). */
  reason: string | null;
  /** `reason`'s code and params (messages `failures.describe_*`); null for none. */
  reasonCode: string | null;
  reasonParams: FailureParams | null;
  edited: boolean;
  describing: boolean;
};

export type SimilarItem = GalleryItem & { shared: string[]; score: number };
