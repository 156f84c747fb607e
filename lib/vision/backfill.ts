import "server-only";
import { describeNext, type DescriberDeps } from "./describer";
import { queueBackfill, type BackfillScope } from "./queue";

/**
 * `npm run admin -- describe [--since] [--user]`: queues every stored result in scope that has no
 * description (and those refused before) and describes them at the describer's pace. Resumable:
 * described items are never queued again, and an item a killed run held is taken over once its
 * lease runs out, so running it again after an interruption describes only what is left.
 */
export type BackfillProgress = { described: number; refused: number; failed: number; left: number };

export async function runBackfill(
  deps: DescriberDeps,
  scope: BackfillScope,
  onProgress: (progress: BackfillProgress) => void = () => undefined,
): Promise<BackfillProgress> {
  const progress: BackfillProgress = {
    described: 0,
    refused: 0,
    failed: 0,
    left: await queueBackfill(deps.db, scope),
  };
  onProgress({ ...progress });
  for (;;) {
    const step = await describeNext(deps);
    if (step.kind === "wait") {
      await sleep(step.ms);
      continue;
    }
    if (step.kind === "empty") {
      // Rows still held by a lease (a killed run's) or waiting to be tried again: wait for the soonest.
      const next = await deps.db.taskDescription.findFirst({
        where: { status: "pending" },
        orderBy: { leaseUntil: "asc" },
        select: { leaseUntil: true },
      });
      if (!next) break;
      await sleep(Math.max(50, Math.min(60_000, Number(next.leaseUntil ?? 0) - deps.now())));
      continue;
    }
    if (step.kind === "described") progress.described++;
    else if (step.kind === "refused") progress.refused++;
    else if (step.kind === "failed") progress.failed++;
    progress.left = await deps.db.taskDescription.count({ where: { status: "pending" } });
    onProgress({ ...progress });
  }
  progress.left = 0;
  return progress;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
