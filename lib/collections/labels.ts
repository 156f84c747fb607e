import type { ApprovalStatus } from "../approvals/schema";

/**
 * Browser-safe constants of collections (no zod: the pages' first load stays small). The statuses
 * are lib/approvals' (the type keeps this list equal to theirs).
 */
export const APPROVAL_LABELS = {
  pending: "Pending",
  approved: "Approved",
  changes_requested: "Changes requested",
  rejected: "Rejected",
} as const satisfies Record<ApprovalStatus, string>;

export const APPROVAL_ORDER = Object.keys(APPROVAL_LABELS) as ApprovalStatus[];

export const MAX_NAME_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 2_000;

export const MEMBER_ROLES = ["viewer", "commenter", "editor"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
