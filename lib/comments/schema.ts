import { z } from "zod";
import { issueCode, requiredOr } from "../http/zod-issue";

export { formatMoment } from "./format-moment";

/**
 * What a comment may carry (issue 21, docs/decisions/review-comments.md). Browser-safe: the review
 * components validate with the same schemas before they send. Shapes are in fractions of the frame
 * (0..1 of its width and height), so they land on the same spot at any display size.
 */
export const MAX_COMMENT_LENGTH = 4000;
export const MAX_GUEST_NAME_LENGTH = 60;

export const commentBodySchema = z
  .string({ error: requiredOr("must be text") })
  .trim()
  .min(1, { error: "must not be empty" })
  .max(MAX_COMMENT_LENGTH, { error: `must be at most ${MAX_COMMENT_LENGTH} characters` });

export const guestNameSchema = z
  .string({ error: requiredOr("must be text") })
  .trim()
  .min(1, { error: "must not be empty" })
  .max(MAX_GUEST_NAME_LENGTH, { error: `must be at most ${MAX_GUEST_NAME_LENGTH} characters` });

const fraction = z
  .number({ error: "must be a number from 0 to 1 (a fraction of the frame)" })
  .min(0, { error: "must be a number from 0 to 1 (a fraction of the frame)" })
  .max(1, { error: "must be a number from 0 to 1 (a fraction of the frame)" });

const rectSchema = z
  .strictObject({ kind: z.literal("rect"), x: fraction, y: fraction, w: fraction, h: fraction })
  .superRefine((r, ctx) => {
    for (const side of ["w", "h"] as const) {
      if (r[side] <= 0)
        ctx.addIssue({
          code: "custom",
          path: [side],
          message: "must be greater than 0",
          ...issueCode("greater_than", { value: 0 }),
        });
    }
    // A small tolerance for floating-point sums of values a browser measured.
    if (r.x + r.w > 1 + 1e-9) {
      ctx.addIssue({
        code: "custom",
        path: ["w"],
        message: "x + w must not pass the frame's right edge (1)",
        ...issueCode("shape_edge", { edge: "right" }),
      });
    }
    if (r.y + r.h > 1 + 1e-9) {
      ctx.addIssue({
        code: "custom",
        path: ["h"],
        message: "y + h must not pass the frame's bottom edge (1)",
        ...issueCode("shape_edge", { edge: "bottom" }),
      });
    }
  });

const pointSchema = z.strictObject({ kind: z.literal("point"), x: fraction, y: fraction });

export const shapeSchema = z.discriminatedUnion("kind", [rectSchema, pointSchema], {
  error: 'must be {"kind":"rect",x,y,w,h} or {"kind":"point",x,y}',
});
export type CommentShape = z.infer<typeof shapeSchema>;

export const atSecondsSchema = z
  .number({ error: "must be a number of seconds, 0 or more" })
  .min(0, { error: "must be a number of seconds, 0 or more" })
  .refine(Number.isFinite, { error: "must be a finite number of seconds" });

/** The fields of a new comment or reply, shared by the studio's and a share link's comment bodies. */
export const newCommentFields = {
  body: commentBodySchema,
  parentId: z.string({ error: "must be a comment id" }).min(1, { error: "must be a comment id" }).optional(),
  atSeconds: atSecondsSchema.nullable().optional(),
  shape: shapeSchema.nullable().optional(),
  /** The collection it was written in, when it was (the activity feed and the collection's view). */
  collectionId: z.string({ error: "must be a collection id" }).min(1).optional(),
};

/** A reply carries no moment or shape of its own: its thread's hold them. */
export function replyRule(
  c: { parentId?: string; atSeconds?: number | null; shape?: unknown },
  ctx: z.RefinementCtx,
) {
  if (!c.parentId) return;
  for (const key of ["atSeconds", "shape"] as const) {
    if (c[key] != null)
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: "a reply takes no moment or shape",
        ...issueCode("reply_no_anchor"),
      });
  }
}

/** POST a comment or a reply. */
export const newCommentSchema = z.strictObject(newCommentFields).superRefine(replyRule);
export type NewComment = z.input<typeof newCommentSchema>;

/** PATCH a comment: its text (the author), or resolve/reopen its thread. */
export const commentPatchSchema = z.union(
  [
    z.strictObject({ body: commentBodySchema }),
    z.strictObject({ resolved: z.boolean({ error: "must be true or false" }) }),
  ],
  { error: "send {body} to edit or {resolved: true|false} to resolve or reopen" },
);
export type CommentPatch = z.infer<typeof commentPatchSchema>;

/** The stored JSON of a shape, read back; null for anything that does not parse as one. */
export function parseShape(json: string | null): CommentShape | null {
  if (!json) return null;
  try {
    const parsed = shapeSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
