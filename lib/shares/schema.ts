import { z } from "zod";
import { approvalStatusSchema } from "../approvals/schema";
import { issueCode, requiredOr } from "../http/zod-issue";
import { guestNameSchema as commentGuestName, newCommentFields, replyRule } from "../comments/schema";

/**
 * One schema for the owner's share-link form and the route that takes it. Prompts and parameters
 * are hidden unless asked for: a client sees the work, not the recipe.
 */
export const shareSwitches = {
  allowDownload: z.boolean({ error: "must be true or false" }),
  allowComments: z.boolean({ error: "must be true or false" }),
  showPrompts: z.boolean({ error: "must be true or false" }),
};

const password = z
  .string({ error: "must be a string" })
  .min(6, { error: "must be at least 6 characters (or leave it out for no password)" })
  .max(200, { error: "must be at most 200 characters" });

const expiresAt = z.iso.datetime({
  offset: true,
  error: "must be an ISO date-time, e.g. 2026-12-31T23:59:00Z",
});

export const createShareSchema = z
  .object({
    collectionId: z.string().min(1).max(200).optional(),
    taskId: z.string().min(1).max(200).optional(),
    label: z.string().max(120, { error: "must be at most 120 characters" }).default(""),
    expiresAt: expiresAt.nullable().default(null),
    password: password.nullable().default(null),
    allowDownload: shareSwitches.allowDownload.default(false),
    allowComments: shareSwitches.allowComments.default(false),
    showPrompts: shareSwitches.showPrompts.default(false),
  })
  .refine((v) => (v.collectionId === undefined) !== (v.taskId === undefined), {
    error: "name exactly one of collectionId (a collection) or taskId (one gallery item)",
    path: ["collectionId"],
    ...issueCode("exactly_one_of", { fields: ["collectionId", "taskId"] }),
  });

export type CreateShareInput = z.input<typeof createShareSchema>;

export const updateShareSchema = z
  .object({
    label: z.string().max(120, { error: "must be at most 120 characters" }),
    expiresAt: expiresAt.nullable(),
    /** A new password, or null to remove it. */
    password: password.nullable(),
    ...shareSwitches,
  })
  .partial()
  .strict();

export type UpdateShareInput = z.infer<typeof updateShareSchema>;

export const listSharesSchema = z
  .object({ collectionId: z.string().min(1).optional(), taskId: z.string().min(1).optional() })
  .refine((v) => (v.collectionId === undefined) !== (v.taskId === undefined), {
    error: "name exactly one of collectionId or taskId",
    path: ["collectionId"],
    ...issueCode("exactly_one_of", { fields: ["collectionId", "taskId"] }),
  });

/** A link as its owner sees it (the token included, so it can be copied again). */
export type ShareLinkSummary = {
  id: string;
  token: string;
  /** The page's path: /s/<token>. */
  path: string;
  collectionId: string | null;
  taskId: string | null;
  label: string;
  expiresAt: string | null;
  hasPassword: boolean;
  allowDownload: boolean;
  allowComments: boolean;
  showPrompts: boolean;
  views: number;
  lastViewedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  /** active | expired | revoked */
  state: "active" | "expired" | "revoked";
};

/** PUT /api/s/:token/guest: the name a guest reviews under. */
export const guestNameSchema = z.object({
  name: z
    .string({ error: requiredOr("must be a string") })
    .trim()
    .min(1, { error: "must not be empty" })
    .max(60, { error: "must be at most 60 characters" }),
});

/** POST /api/s/:token/unlock: the link's password. */
export const unlockSchema = z.object({
  password: z
    .string({ error: requiredOr("must be a string") })
    .min(1)
    .max(200),
});

/** PUT /api/s/:token/items/:taskId/approval: a guest's verdict. */
export const guestApprovalSchema = z.object({ status: approvalStatusSchema });

/**
 * POST /api/s/:token/items/:taskId/comments: a comment as in the studio, plus the name the guest
 * writes under (kept in their cookie); a `collectionId` is replaced by the link's own.
 */
export const guestCommentSchema = z
  .strictObject({ ...newCommentFields, guestName: commentGuestName.nullable().optional() })
  .superRefine(replyRule);
