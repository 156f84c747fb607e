import { fetchJson, jsonInit } from "@/components/api-client";
import type { ApprovalStatus, ApprovalView } from "@/lib/approvals/schema";
import type { NewComment } from "@/lib/comments/schema";
import type { CommentList, CommentThread, CommentView } from "@/lib/comments/types";

/** An item's approval in a collection, with its history and whether the viewer may change it. */
export type ApprovalState = ApprovalView & {
  history: { status: ApprovalStatus; at: string; by: string | null; guest: boolean }[];
  canApprove: boolean;
};

/**
 * How the review components talk to the server. The same components serve the studio (the gallery
 * detail view: studioReviewApi) and the share page (a guest adapter over /api/s/<token>/…), so they
 * take this adapter instead of URLs. `key` keeps their caches apart.
 */
export type ReviewApi = {
  key: string;
  listComments: (taskId: string) => Promise<CommentList>;
  /** `guestName`: sent along by a guest adapter (the studio's routes refuse unknown fields). */
  addComment: (taskId: string, input: NewComment & { guestName?: string }) => Promise<CommentView>;
  editComment: (commentId: string, body: string) => Promise<CommentView>;
  setResolved: (commentId: string, resolved: boolean) => Promise<CommentThread>;
  deleteComment: (commentId: string) => Promise<unknown>;
  getApproval: (collectionId: string, taskId: string) => Promise<ApprovalState>;
  setApproval: (collectionId: string, taskId: string, status: ApprovalStatus) => Promise<ApprovalView>;
};

/** The URLs of a REST layout like the studio's; a guest adapter gives its own under /api/s/<token>. */
export type ReviewUrls = {
  comments: (taskId: string) => string;
  comment: (commentId: string) => string;
  approval: (collectionId: string, taskId: string) => string;
};

export function restReviewApi(key: string, urls: ReviewUrls): ReviewApi {
  return {
    key,
    listComments: (taskId) => fetchJson(urls.comments(taskId), { cache: "no-store" }),
    addComment: (taskId, input) => fetchJson(urls.comments(taskId), jsonInit("POST", input)),
    editComment: (id, body) => fetchJson(urls.comment(id), jsonInit("PATCH", { body })),
    setResolved: (id, resolved) => fetchJson(urls.comment(id), jsonInit("PATCH", { resolved })),
    deleteComment: (id) => fetchJson(urls.comment(id), jsonInit("DELETE")),
    getApproval: (collectionId, taskId) =>
      fetchJson(urls.approval(collectionId, taskId), { cache: "no-store" }),
    setApproval: (collectionId, taskId, status) =>
      fetchJson(urls.approval(collectionId, taskId), jsonInit("PUT", { status })),
  };
}

const enc = encodeURIComponent;

/** The studio's own routes (signed-in users). */
export const studioReviewApi: ReviewApi = restReviewApi("studio", {
  comments: (taskId) => `/api/gallery/items/${enc(taskId)}/comments`,
  comment: (id) => `/api/comments/${enc(id)}`,
  approval: (collectionId, taskId) => `/api/collections/${enc(collectionId)}/items/${enc(taskId)}/approval`,
});
