/** What the batch API returns (JSON): shared by the routes and the batch pages. */
import type { FailureParam } from "../errors";
import type { GalleryItem } from "../gallery/types";
import type { BatchRequest } from "./request-schema";

export const ITEM_STATES = [
  "planned",
  "sending",
  "sent",
  "outcome_unknown",
  "rejected",
  "held_budget",
] as const;
export type BatchItemState = (typeof ITEM_STATES)[number];

/** A batch task as the grid shows it: the gallery's view of the task plus its progress. */
export type BatchTask = GalleryItem & {
  progress: number | null;
  /** How well the take matches its prompt, when its batch scores takes (issue 25). */
  take?: { score: number; reason: string };
  /** The vision model's state on it (pending, done, refused, failed), when it was ever described. */
  describeState?: string;
};

export type BatchItemView = {
  id: string;
  index: number;
  model: string;
  variation: number;
  state: BatchItemState;
  /** Why it was rejected, why its outcome is unknown, or why it is waiting to be sent again. */
  error: string | null;
  /**
   * `error`'s code and params (lib/errors.ts Failure: `batch_…`, or a send's own error code such as
   * upstream_rejected), for wording it in the page's language; "text" for an item written before
   * codes were kept (show `error` as it is). Null when there is no error.
   */
  errorCode: string | null;
  errorParams: Record<string, FailureParam> | null;
  attempts: number;
  /** The body sent (or to be sent) upstream, model included. */
  body: Record<string, unknown>;
  sentAt: string | null;
  /** The latest task; null before it is sent — or when it was deleted from the gallery. */
  task: BatchTask | null;
  /** Earlier tasks of this item (failed ones that were retried), newest first. */
  earlierTaskIds: string[];
  /** What the user may do: retry a rejected item or a failed task, or send an unknown one again. */
  retry: "retry" | "send_again" | null;
};

export type BatchCounts = {
  total: number;
  /** Items by send state. */
  items: Record<BatchItemState, number>;
  /** Sent items' tasks by status (queued, processing, completed, failed). */
  tasks: Record<string, number>;
  /** Sent tasks whose results are all stored. */
  stored: number;
  /** Items that will not change any more: rejected, outcome unknown, or sent with a finished task. */
  settled: number;
};

export type BatchSummary = {
  id: string;
  title: string;
  createdAt: string;
  /** Who created it (null: made with accounts off). */
  userId: string | null;
  variations: number;
  intervalMs: number;
  models: string[];
  counts: BatchCounts;
  /** Every item is settled. */
  done: boolean;
};

export type BatchDetail = BatchSummary & { plan: BatchRequest | null; items: BatchItemView[] };

export type BatchPage = { items: BatchSummary[]; nextCursor: string | null };
