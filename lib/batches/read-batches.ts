import { z } from "zod";
import { ownedBy, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { itemListSelect, toGalleryItem } from "../gallery/item-select";
import { publicText, upstreamSecrets } from "../upstream/public-text";
import { keptFailureFields } from "../failure-fields";
import type { BatchRequest } from "./request-schema";
import {
  ITEM_STATES,
  type BatchCounts,
  type BatchDetail,
  type BatchItemState,
  type BatchItemView,
  type BatchPage,
  type BatchSummary,
  type BatchTask,
} from "./types";
import { isTerminal } from "../tasks/status";

export const listBatchesQuery = z.object({
  cursor: z.string().max(100).optional(),
  limit: z.coerce
    .number({ error: "must be a whole number from 1 to 100" })
    .int({ error: "must be a whole number from 1 to 100" })
    .min(1, { error: "must be a whole number from 1 to 100" })
    .max(100, { error: "must be a whole number from 1 to 100" })
    .default(30),
});

const batchSelect = {
  id: true,
  title: true,
  createdAt: true,
  userId: true,
  variations: true,
  intervalMs: true,
} as const;

type BatchRow = {
  id: string;
  title: string;
  createdAt: Date;
  userId: string | null;
  variations: number;
  intervalMs: number;
};
type ItemRow = { model: string; state: string; taskId: string | null };
type TaskFacts = { status: string; mediaState: string };

function summarize(batch: BatchRow, items: ItemRow[], tasks: Map<string, TaskFacts>): BatchSummary {
  const counts: BatchCounts = {
    total: items.length,
    items: Object.fromEntries(ITEM_STATES.map((s) => [s, 0])) as Record<BatchItemState, number>,
    tasks: {},
    stored: 0,
    settled: 0,
  };
  for (const item of items) {
    counts.items[item.state as BatchItemState] = (counts.items[item.state as BatchItemState] ?? 0) + 1;
    const task = item.taskId ? tasks.get(item.taskId) : undefined;
    if (task) {
      counts.tasks[task.status] = (counts.tasks[task.status] ?? 0) + 1;
      if (task.mediaState === "stored") counts.stored++;
    }
    const settled =
      item.state === "rejected" ||
      item.state === "outcome_unknown" ||
      (item.state === "sent" && (!task || (isTerminal(task.status) && task.mediaState !== "pending")));
    if (settled) counts.settled++;
  }
  return {
    id: batch.id,
    title: batch.title,
    createdAt: batch.createdAt.toISOString(),
    userId: batch.userId,
    variations: batch.variations,
    intervalMs: batch.intervalMs,
    models: [...new Set(items.map((i) => i.model))],
    counts,
    done: counts.settled === counts.total,
  };
}

/** The viewer's batches (an admin's: everyone's), newest first, with their counts. */
export async function listBatches(
  db: Db,
  viewer: Viewer,
  query: z.infer<typeof listBatchesQuery>,
): Promise<BatchPage> {
  if (query.cursor && !(await findBatch(db, viewer, query.cursor))) {
    throw new StudioError("invalid_request", "cursor must be the nextCursor of an earlier page.", {
      issues: [{ path: "cursor", message: "is not a batch of this list" }],
    });
  }
  const batches = await db.batch.findMany({
    where: ownedBy(viewer),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    ...(query.cursor ? { cursor: { id: query.cursor }, skip: 1 } : {}),
    select: batchSelect,
  });
  const page = batches.slice(0, query.limit);
  return {
    items: await withCounts(db, page),
    nextCursor: batches.length > query.limit ? page.at(-1)!.id : null,
  };
}

/** The viewer's batches among `ids`, with their counts (the activity feed's finished batches). */
export async function summarizeBatches(db: Db, viewer: Viewer, ids: string[]): Promise<BatchSummary[]> {
  if (ids.length === 0) return [];
  const batches = await db.batch.findMany({
    where: { id: { in: ids }, ...ownedBy(viewer) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: batchSelect,
  });
  return withCounts(db, batches);
}

async function withCounts(db: Db, batches: BatchRow[]): Promise<BatchSummary[]> {
  const items = await db.batchItem.findMany({
    where: { batchId: { in: batches.map((b) => b.id) } },
    orderBy: { index: "asc" },
    select: { batchId: true, model: true, state: true, taskId: true },
  });
  const tasks = await taskFacts(db, items);
  return batches.map((b) =>
    summarize(
      b,
      items.filter((i) => i.batchId === b.id),
      tasks,
    ),
  );
}

async function taskFacts(db: Db, items: ItemRow[]): Promise<Map<string, TaskFacts>> {
  const ids = items.flatMap((i) => (i.taskId ? [i.taskId] : []));
  const rows = await db.task.findMany({
    where: { id: { in: ids } },
    select: { id: true, status: true, mediaState: true },
  });
  return new Map(rows.map((r) => [r.id, r]));
}

function parse<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** A batch the viewer may see, or null (missing and another user's alike). */
function findBatch(db: Db, viewer: Viewer, id: string) {
  return db.batch.findFirst({ where: { id, ...ownedBy(viewer) }, select: { id: true } });
}

/** One batch with every item, its task (as the gallery shows it) and what may be retried. */
export async function getBatch(db: Db, viewer: Viewer, id: string): Promise<BatchDetail> {
  const batch = await db.batch.findFirst({
    where: { id, ...ownedBy(viewer) },
    select: { ...batchSelect, plan: true },
  });
  if (!batch) throw new StudioError("not_found", `Batch ${id} does not exist.`);
  const items = await db.batchItem.findMany({ where: { batchId: id }, orderBy: { index: "asc" } });
  const taskRows = await db.task.findMany({
    where: { batchId: id },
    orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
    select: {
      ...itemListSelect,
      progress: true,
      batchItemId: true,
      description: { select: { score: true, scoreReason: true, status: true } },
    },
  });
  const secrets = upstreamSecrets();
  const tasks = new Map<string, BatchTask>(
    taskRows.map((row) => [
      row.id,
      {
        ...toGalleryItem(row, secrets),
        progress: row.progress,
        ...(row.description?.score != null
          ? { take: { score: row.description.score, reason: row.description.scoreReason ?? "" } }
          : {}),
        ...(row.description ? { describeState: row.description.status } : {}),
      },
    ]),
  );
  const views = items.map((item): BatchItemView => {
    const task = item.taskId ? (tasks.get(item.taskId) ?? null) : null;
    const state = item.state as BatchItemState;
    return {
      id: item.id,
      index: item.index,
      model: item.model,
      variation: item.variation,
      state,
      ...keptFailureFields(item, "error", (text) => publicText(text, secrets)),
      attempts: item.attempts,
      body: parse<Record<string, unknown>>(item.body) ?? {},
      sentAt: item.sentAt?.toISOString() ?? null,
      task,
      earlierTaskIds: taskRows
        .filter((t) => t.batchItemId === item.id && t.id !== item.taskId)
        .map((t) => t.id),
      retry:
        state === "rejected" || (state === "sent" && task?.status === "failed")
          ? "retry"
          : state === "outcome_unknown"
            ? "send_again"
            : null,
    };
  });
  const facts = new Map(taskRows.map((t) => [t.id, { status: t.status, mediaState: t.mediaState }]));
  return { ...summarize(batch, items, facts), plan: parse<BatchRequest>(batch.plan), items: views };
}
