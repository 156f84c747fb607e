import type { GalleryItem } from "../gallery/types";

/**
 * What the header's activity watcher asks every few seconds (docs/decisions/notifications.md): how
 * many of the viewer's tasks run, and which tasks and batches settled since its cursor. The server
 * knows, so a task sent from another tab, by API token or by a batch is announced all the same.
 */
export type Activity = {
  /** Echo as `since` next time (a first ask, without one, announces nothing: it sets the start). */
  cursor: string;
  /** The viewer's tasks queued or processing upstream. */
  running: number;
  /** Tasks outside batches settled after the cursor (final status, downloads done), newest first. */
  tasks: ActivityTask[];
  /** How many more settled than `tasks` lists. */
  moreTasks: number;
  /** Batches whose last task settled after the cursor. */
  batches: ActivityBatch[];
  /** Comments and replies by others since the cursor, on the viewer's items, collections or threads. */
  comments: ActivityComment[];
  /** How many more comments came than `comments` lists. */
  moreComments: number;
  /** Approval statuses set by others since the cursor in the viewer's collections. */
  approvals: ActivityApproval[];
};

/** An answer in which nothing settled: the first poll (no cursor yet) and the tests' baseline. */
export function quietActivity(cursor: string, running: number): Activity {
  return {
    cursor,
    running,
    tasks: [],
    moreTasks: 0,
    batches: [],
    comments: [],
    moreComments: 0,
    approvals: [],
  };
}

export type ActivityTask = GalleryItem & {
  settledAt: string;
  /** Where the user sees it: the gallery item, or the studio for a failure (the error, to retry). */
  href: string;
};

export type ActivityBatch = {
  id: string;
  title: string;
  total: number;
  completed: number;
  failed: number;
  href: string;
};

/** A comment or reply by someone else (issue 21); its text is plain text, shown as text. */
export type ActivityComment = {
  id: string;
  taskId: string;
  /** Set for a reply. */
  parentId: string | null;
  author: { kind: "user" | "guest"; name: string };
  /** The start of its text. */
  excerpt: string;
  atSeconds: number | null;
  createdAt: string;
  /** Opens the item on the comment: `/gallery?item=<id>&comment=<commentId>`. */
  href: string;
};

export type ActivityApproval = {
  id: string;
  collectionId: string;
  collectionName: string;
  taskId: string;
  status: string;
  by: string;
  guest: boolean;
  createdAt: string;
  href: string;
};
