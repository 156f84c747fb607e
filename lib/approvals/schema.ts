import { z } from "zod";

/** An item's review status in a collection (issue 21). Browser-safe. */
export const APPROVAL_STATUSES = ["pending", "approved", "changes_requested", "rejected"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_LABELS: Record<ApprovalStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  changes_requested: "Changes requested",
  rejected: "Rejected",
};

export const approvalStatusSchema = z.enum(APPROVAL_STATUSES, {
  error: `must be one of ${APPROVAL_STATUSES.join(", ")}`,
});

export const approvalBodySchema = z.strictObject({ status: approvalStatusSchema });

/** An item's current approval as the API answers it. */
export type ApprovalView = {
  collectionId: string;
  taskId: string;
  status: ApprovalStatus;
  /** ISO time it was set; null: never set (pending by default). */
  at: string | null;
  /** Who set it: a user's name, or a guest's given name followed by " (guest)". */
  by: string | null;
};
