import "server-only";
import { canSee, visibleOr404, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { failureColumns, readFailure } from "../errors";
import { itemNotFound } from "../gallery/item-select";
import { shownFailure } from "../failure-fields";
import { publicText } from "../upstream/public-text";
import type { z } from "zod";
import type { shownEditSchema } from "./description-schema";
import { describeAgain } from "./queue";
import { describeSettings } from "./settings";
import type { ItemShown } from "./types";

export type { ItemShown };

const parseList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
};

async function visibleTask(db: Db, viewer: Viewer, taskId: string) {
  const task = await db.task.findUnique({ where: { id: taskId }, select: { id: true, userId: true } });
  return visibleOr404(viewer, task, itemNotFound(taskId));
}

export async function itemShown(db: Db, viewer: Viewer, taskId: string): Promise<ItemShown> {
  const task = await visibleTask(db, viewer, taskId);
  const [row, settings] = await Promise.all([
    db.taskDescription.findUnique({ where: { taskId } }),
    describeSettings(db, task.userId),
  ]);
  return {
    status: (row?.status as ItemShown["status"]) ?? "none",
    caption: row?.caption ?? "",
    tags: parseList(row?.tags ?? "[]"),
    shots: parseList(row?.shots ?? "[]"),
    model: row?.model || null,
    tokens: row?.tokens ?? null,
    credits: row?.credits ?? 0,
    // The cause may quote the upstream (its words, a base URL): the one masking point decides.
    ...shownFailure(row ? readFailure(row, "reason") : null, (text) => publicText(text), "reason"),
    edited: Boolean(row?.editedAt),
    describing: settings.mine || settings.everyone,
  };
}

/** The owner's (or an admin's) own caption and tags: kept as written, never replaced by the model. */
export async function editItemShown(
  db: Db,
  viewer: Viewer,
  taskId: string,
  edit: z.infer<typeof shownEditSchema>,
): Promise<ItemShown> {
  await visibleTask(db, viewer, taskId);
  const data = {
    caption: edit.caption,
    tags: JSON.stringify(edit.tags),
    status: "done",
    ...failureColumns(null, "reason"),
    editedAt: new Date(),
  };
  await db.taskDescription.upsert({ where: { taskId }, create: { taskId, ...data }, update: data });
  return itemShown(db, viewer, taskId);
}

/** "Describe" in the detail view: queued now (again, after a refusal or failure), whatever the setting. */
export async function describeItemNow(db: Db, viewer: Viewer, taskId: string): Promise<ItemShown> {
  const task = await db.task.findUnique({
    where: { id: taskId },
    select: { userId: true, mediaState: true },
  });
  if (!task || !canSee(viewer, task.userId)) await visibleTask(db, viewer, taskId);
  await describeAgain(db, [taskId], ["refused", "failed"]);
  return itemShown(db, viewer, taskId);
}
