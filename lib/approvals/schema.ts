import { z } from "zod";
import { APPROVAL_STATUSES, type ApprovalStatus } from "./statuses";

export { APPROVAL_LABELS, APPROVAL_STATUSES, type ApprovalStatus } from "./statuses";

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
