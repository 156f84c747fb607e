import { getModel } from "../catalog";
import type { Db } from "../db";
import { assertMediaAcceptable, type MediaCheck } from "../media-inspection/inspect-request";
import { admitSubmission, type AdmitOptions } from "../spend/budget-check";
import { spenderOf } from "../spend/owner";
import { planOrThrow, type PlannedItem } from "./plan";
import { batchRequestSchema, type BatchRequest } from "./request-schema";

const TITLE_CHARS = 80;

function defaultTitle(prompt: unknown, count: number): string {
  const text = typeof prompt === "string" ? prompt.replace(/\s+/g, " ").trim() : "";
  if (!text) return `${count} task${count === 1 ? "" : "s"}`;
  return text.length > TITLE_CHARS ? `${text.slice(0, TITLE_CHARS - 1)}…` : text;
}

/**
 * Validates a batch request (its shape, then every planned task with the catalog), and stores the
 * batch with all its items in one transaction. Nothing is sent here: the batch runner sends the
 * planned items at the batch's pace. A bad request stores nothing (ZodError or StudioError, 400).
 * With `check`, the creator's submit rate limit and budget are checked for the batch as a whole
 * (the sum of its items' estimates) before anything is stored (429 / 402). With `media`, the
 * referenced files are checked first, as for one task (400 / 422 media_unverified).
 */
export async function createBatch(
  db: Db,
  input: unknown,
  options: {
    defaultIntervalMs: number;
    random?: () => number;
    userId: string | null;
    /** Rate limit and budget, checked for the batch as a whole before it is stored (lib/spend). */
    check?: AdmitOptions;
    /** The referenced files, measured against each model's limits (each distinct URL read once). */
    media?: MediaCheck;
  },
): Promise<{ id: string }> {
  const request = batchRequestSchema.parse(input);
  const items = planOrThrow(request, options.random);
  if (options.media) {
    const requests = items.map((item) => ({ model: getModel(item.model)!, body: item.body }));
    await assertMediaAcceptable(requests, options.media);
  }
  const release = options.check
    ? // Planned, not sent: the runner admits each item again right before it sends it.
      await admitSubmission(db, spenderOf(options.userId), items, { ...options.check, stage: "plan" })
    : undefined;
  try {
    return await store(db, request, items, options);
  } finally {
    await release?.();
  }
}

function store(
  db: Db,
  request: BatchRequest,
  items: PlannedItem[],
  options: { defaultIntervalMs: number; userId: string | null },
): Promise<{ id: string }> {
  return db.$transaction(async (tx) => {
    const batch = await tx.batch.create({
      data: {
        title: request.title || defaultTitle(items[0]?.body.prompt, items.length),
        plan: JSON.stringify(request),
        variations: request.variations,
        intervalMs: request.intervalMs ?? options.defaultIntervalMs,
        userId: options.userId,
      },
      select: { id: true },
    });
    await tx.batchItem.createMany({
      data: items.map((item) => ({
        batchId: batch.id,
        index: item.index,
        model: item.model,
        variation: item.variation,
        body: JSON.stringify(item.body),
      })),
    });
    return batch;
  });
}
