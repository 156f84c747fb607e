import "server-only";
import { StudioError } from "../errors";
import type { Db } from "../db";
import { ownedBy, type Viewer } from "../auth/scope";
import { describeAgain } from "./queue";

/**
 * "Score takes" (issue 25 part 4), per batch or per sequence shot: each stored take is described
 * with a 0–5 score against its prompt and a one-line reason; the batch page sorts by it and marks
 * the best take per model. The switch is a StudioSetting row, like describing.
 */
export type ScoreScope = { batchId: string } | { shotId: string };

const key = (scope: ScoreScope) =>
  "batchId" in scope ? `vision.score.batch.${scope.batchId}` : `vision.score.shot.${scope.shotId}`;

/** Whether a task's takes are scored: its batch's or its sequence shot's switch. */
export async function scoresTakesOf(
  db: Db,
  task: { batchId: string | null; sequenceShotId: string | null },
): Promise<boolean> {
  const keys = [
    ...(task.batchId ? [key({ batchId: task.batchId })] : []),
    ...(task.sequenceShotId ? [key({ shotId: task.sequenceShotId })] : []),
  ];
  if (!keys.length) return false;
  return (await db.studioSetting.count({ where: { key: { in: keys }, value: "on" } })) > 0;
}

/** Which of these sequence shots score their takes (the sequence page shows each shot's switch). */
export async function scoringShots(db: Db, shotIds: string[]): Promise<Set<string>> {
  if (!shotIds.length) return new Set();
  const rows = await db.studioSetting.findMany({
    where: { key: { in: shotIds.map((shotId) => key({ shotId })) }, value: "on" },
    select: { key: true },
  });
  const on = new Set(rows.map((r) => r.key));
  return new Set(shotIds.filter((shotId) => on.has(key({ shotId }))));
}

/** Whether the viewer's batch or shot is scored; another user's is a 404, as for every read. */
export async function scoringOn(db: Db, viewer: Viewer, scope: ScoreScope): Promise<boolean> {
  await assertVisible(db, viewer, scope);
  const row = await db.studioSetting.findUnique({ where: { key: key(scope) }, select: { value: true } });
  return row?.value === "on";
}

/**
 * Turns scoring on or off; on queues every stored take of the batch or shot that has no score yet
 * (a take described before is asked again, with the score), charged to each take's owner.
 */
export async function setScoring(
  db: Db,
  viewer: Viewer,
  scope: ScoreScope,
  on: boolean,
): Promise<{ on: boolean; queued: number }> {
  await assertVisible(db, viewer, scope);
  const value = on ? "on" : "off";
  await db.studioSetting.upsert({
    where: { key: key(scope) },
    create: { key: key(scope), value },
    update: { value },
  });
  if (!on) return { on, queued: 0 };
  const takes = await db.task.findMany({
    where: {
      ...("batchId" in scope ? { batchId: scope.batchId } : { sequenceShotId: scope.shotId }),
      mediaState: { in: ["stored", "partial"] },
      OR: [{ description: { is: null } }, { description: { score: null, status: { not: "pending" } } }],
    },
    select: { id: true },
  });
  const ids = takes.map((t) => t.id);
  // A take described before is asked again, with the score.
  await describeAgain(db, ids, ["done", "refused", "failed"]);
  return { on, queued: ids.length };
}

async function assertVisible(db: Db, viewer: Viewer, scope: ScoreScope): Promise<void> {
  const owned = ownedBy(viewer);
  const visible =
    "batchId" in scope
      ? await db.batch.findFirst({ where: { id: scope.batchId, ...owned }, select: { id: true } })
      : await db.sequenceShot.findFirst({
          where: { id: scope.shotId, sequence: owned },
          select: { id: true },
        });
  if (!visible)
    throw new StudioError(
      "not_found",
      "batchId" in scope ? `Batch ${scope.batchId} does not exist.` : `Shot ${scope.shotId} does not exist.`,
    );
}
