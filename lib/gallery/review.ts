import { z } from "zod";
import { ownedBy, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { itemNotFound } from "./item-select";
import { MAX_BULK_ITEMS, MAX_NOTES_LENGTH, MAX_TAGS_PER_ITEM } from "./limits";
import { checkTagName } from "./tag-names";
import { addTagToTasks, pruneOrphanTags, removeTagFromTasks, setTaskTags } from "./tags";

/** A tag name, normalized (tag-names.ts), or an issue naming the rule it breaks. */
const tagNameSchema = z.string().transform((name, ctx) => {
  const checked = checkTagName(name);
  if ("tag" in checked) return checked.tag;
  ctx.addIssue({ code: "custom", message: checked.error });
  return z.NEVER;
});

export const reviewPatchSchema = z
  .strictObject({
    favorite: z.boolean({ error: "must be true or false" }).optional(),
    rating: z
      .number({ error: "must be a whole number from 1 to 5, or null" })
      .int({ error: "must be a whole number from 1 to 5, or null" })
      .min(1, { error: "must be a whole number from 1 to 5, or null" })
      .max(5, { error: "must be a whole number from 1 to 5, or null" })
      .nullable()
      .optional(),
    tags: z
      .array(tagNameSchema, { error: "must be an array of tag names" })
      .max(MAX_TAGS_PER_ITEM, { error: `must hold at most ${MAX_TAGS_PER_ITEM} tags` })
      .optional(),
    notes: z
      .string({ error: "must be text" })
      .max(MAX_NOTES_LENGTH, { error: `must be at most ${MAX_NOTES_LENGTH} characters` })
      .optional(),
  })
  .refine((p) => Object.keys(p).length > 0, {
    error: "send at least one of favorite, rating, tags, notes",
  });
export type ReviewPatch = z.infer<typeof reviewPatchSchema>;

export type ReviewState = {
  id: string;
  favorite: boolean;
  rating: number | null;
  tags: string[];
  notes: string;
};

export async function updateReview(
  db: Db,
  viewer: Viewer,
  id: string,
  patch: ReviewPatch,
): Promise<ReviewState> {
  return db.$transaction(async (tx) => {
    // The first statement writes, as in touchTasks.
    const { tags, ...fields } = patch;
    const touched = await tx.task.updateMany({
      where: { id, ...ownedBy(viewer) },
      data: { ...fields, updatedAt: new Date() },
    });
    if (touched.count === 0) throw new StudioError("not_found", itemNotFound(id));
    if (tags) {
      await setTaskTags(tx, id, tags);
      await pruneOrphanTags(tx);
    }
    const row = await tx.task.findUniqueOrThrow({
      where: { id },
      select: {
        id: true,
        favorite: true,
        rating: true,
        notes: true,
        tags: { select: { tag: { select: { name: true } } } },
      },
    });
    return { ...row, tags: row.tags.map((t) => t.tag.name).sort() };
  });
}

const ids = z
  .array(z.string().min(1).max(200), { error: "must be an array of item ids" })
  .min(1, { error: "must name at least one item" })
  .max(MAX_BULK_ITEMS, { error: `must name at most ${MAX_BULK_ITEMS} items` });

export const bulkActionSchema = z.discriminatedUnion(
  "action",
  [
    z.strictObject({ action: z.literal("favorite"), ids }),
    z.strictObject({ action: z.literal("unfavorite"), ids }),
    z.strictObject({ action: z.literal("addTag"), ids, tag: tagNameSchema }),
    z.strictObject({ action: z.literal("removeTag"), ids, tag: tagNameSchema }),
    z.strictObject({ action: z.literal("delete"), ids }),
  ],
  { error: "action must be one of favorite, unfavorite, addTag, removeTag, delete" },
);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/**
 * Review changes on many items at once; `delete` lives in delete.ts (it also removes files). Ids
 * the viewer may not see are skipped like ids that do not exist.
 */
export async function applyBulkReview(
  db: Db,
  viewer: Viewer,
  action: Exclude<BulkAction, { action: "delete" }>,
): Promise<{ changed: number }> {
  return db.$transaction(async (tx) => {
    switch (action.action) {
      case "favorite":
      case "unfavorite": {
        const result = await tx.task.updateMany({
          where: { id: { in: action.ids }, ...ownedBy(viewer) },
          data: { favorite: action.action === "favorite" },
        });
        return { changed: result.count };
      }
      case "addTag":
        await touchTasks(tx, { id: { in: action.ids }, ...ownedBy(viewer) });
        return { changed: await addTagToTasks(tx, await visibleIds(tx, viewer, action.ids), action.tag) };
      case "removeTag": {
        await touchTasks(tx, { id: { in: action.ids }, ...ownedBy(viewer) });
        const changed = await removeTagFromTasks(tx, await visibleIds(tx, viewer, action.ids), action.tag);
        await pruneOrphanTags(tx);
        return { changed };
      }
    }
  });
}

/**
 * The first statement of a gallery write transaction: on SQLite a transaction that reads first cannot
 * take the write lock once another process has written meanwhile (SQLITE_BUSY_SNAPSHOT, never
 * retried); one that writes first waits its turn. Marks the rows changed (updatedAt).
 */
export async function touchTasks(tx: Prisma.TransactionClient, where: Prisma.TaskWhereInput): Promise<void> {
  await tx.task.updateMany({ where, data: { updatedAt: new Date() } });
}

async function visibleIds(tx: Prisma.TransactionClient, viewer: Viewer, wanted: string[]) {
  const rows = await tx.task.findMany({
    where: { id: { in: wanted }, ...ownedBy(viewer) },
    select: { id: true },
  });
  return rows.map((r) => r.id);
}
