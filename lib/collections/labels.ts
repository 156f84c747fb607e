/**
 * Browser-safe constants of collections (no zod: the pages' first load stays small). The approval
 * statuses and their labels are lib/approvals' own.
 */
export { APPROVAL_LABELS, APPROVAL_STATUSES as APPROVAL_ORDER } from "../approvals/statuses";

export const MAX_NAME_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 2_000;

export const MEMBER_ROLES = ["viewer", "commenter", "editor"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
