export { restReviewApi, studioReviewApi, type ApprovalState, type ReviewApi, type ReviewUrls } from "./api";
export { ApprovalControl } from "./approval-control";
export { CommentPanel } from "./comment-panel";
export { ReviewFrame } from "./review-frame";
export { useReviewSession, type ReviewSession } from "./use-review-session";
