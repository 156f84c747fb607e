/**
 * An item's review status in a collection (issue 21). No zod here: the header's activity toasts
 * name statuses on every page, and must not pull a validator into every page's JavaScript.
 */
export const APPROVAL_STATUSES = ["pending", "approved", "changes_requested", "rejected"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_LABELS: Record<ApprovalStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  changes_requested: "Changes requested",
  rejected: "Rejected",
};
