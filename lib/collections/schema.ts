import { z } from "zod";
import { MAX_BULK_ITEMS } from "../gallery/limits";
import { issueCode, requiredOr } from "../http/zod-issue";

/**
 * The collections API's bodies (issue 21). One schema per request, shared by the route handlers and
 * the page's forms; the types are inferred, never written twice.
 */
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, MEMBER_ROLES } from "./labels";

export { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, MEMBER_ROLES, type MemberRole } from "./labels";

// One list of statuses for the studio: lib/approvals owns them.
export { APPROVAL_STATUSES, type ApprovalStatus } from "../approvals/schema";

const name = z
  .string({ error: requiredOr("must be text") })
  .trim()
  .min(1, { error: "must not be empty" })
  .max(MAX_NAME_LENGTH, { error: `must be at most ${MAX_NAME_LENGTH} characters` });
const description = z
  .string({ error: "must be text" })
  .max(MAX_DESCRIPTION_LENGTH, { error: `must be at most ${MAX_DESCRIPTION_LENGTH} characters` });
const taskId = z.string({ error: "must be an item id" }).min(1).max(200);

export const createCollectionSchema = z.object({
  name,
  description: description.optional(),
  /** Items to start with (the gallery's "new collection from the selection"). */
  taskIds: z.array(taskId).max(MAX_BULK_ITEMS).optional(),
});
export type CreateCollectionInput = z.infer<typeof createCollectionSchema>;

export const updateCollectionSchema = z
  .object({
    name: name.optional(),
    description: description.optional(),
    /** An item of the collection to show on its card; null: the first item. */
    coverTaskId: taskId.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, {
    error: "must change name, description or coverTaskId",
    ...issueCode("at_least_one_of", { fields: ["name", "description", "coverTaskId"] }),
  });
export type UpdateCollectionInput = z.infer<typeof updateCollectionSchema>;

export const itemIdsSchema = z.object({
  taskIds: z
    .array(taskId, { error: "must be an array of item ids" })
    .min(1, { error: "must name at least one item" })
    .max(MAX_BULK_ITEMS, { error: `must name at most ${MAX_BULK_ITEMS} items` }),
});

/**
 * One move: before another item (null: to the end) — what a drag drops — or one step up or down —
 * what the keyboard does. Both end in the same move (order.ts).
 */
export const moveSchema = z.union([
  z.object({ taskId, before: taskId.nullable() }),
  z.object({ taskId, step: z.union([z.literal(-1), z.literal(1)], { error: "must be -1 or 1" }) }),
]);
export type MoveInput = z.infer<typeof moveSchema>;

export const addMemberSchema = z
  .object({
    email: z.string().trim().toLowerCase().email({ error: "must be an e-mail address" }).optional(),
    userId: z.string().min(1).max(200).optional(),
    role: z.enum(MEMBER_ROLES, { error: `must be one of ${MEMBER_ROLES.join(", ")}` }),
  })
  .refine((v) => Boolean(v.email) !== Boolean(v.userId), {
    error: "give exactly one of email or userId",
    path: ["email"],
    ...issueCode("exactly_one_of", { fields: ["email", "userId"] }),
  });
export type AddMemberInput = z.infer<typeof addMemberSchema>;

export const changeRoleSchema = z.object({
  role: z.enum(MEMBER_ROLES, { error: `must be one of ${MEMBER_ROLES.join(", ")}` }),
});
