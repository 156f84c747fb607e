import type { Db } from "../db";
import { admitSubmission, type AdmitOptions, type PlannedTask } from "../spend/budget-check";
import { estimateTask, EstimateCache } from "../spend/estimate";
import { spenderOf } from "../spend/owner";

type Shot = { model: string; body: string; takes: number };

/** Every take of every shot, as the spend code counts tasks. */
export function plannedTakes(shots: readonly Shot[]): PlannedTask[] {
  return shots.flatMap((shot) =>
    Array.from({ length: shot.takes }, () => ({
      model: shot.model,
      body: JSON.parse(shot.body) as Record<string, unknown>,
    })),
  );
}

/** The whole sequence's estimate: the sum over shots of takes × one take's price. */
export async function estimateSequence(db: Db, shots: readonly Shot[]) {
  const cache = new EstimateCache();
  const takes = plannedTakes(shots);
  const estimates = await Promise.all(takes.map((t) => estimateTask(db, t.model, t.body, cache)));
  const credits = Math.round(estimates.reduce((sum, e) => sum + e.credits, 0) * 100) / 100;
  return { credits, takes: takes.length, uncertain: estimates.some((e) => e.uncertain) };
}

/**
 * Admits the sequence as a whole against its owner's budget before a run starts (402 naming the
 * numbers otherwise), like a batch: planned, not sent — the runner admits each take again right
 * before it sends it (send-shot.ts).
 */
export async function admitSequence(
  db: Db,
  userId: string | null,
  shots: readonly Shot[],
  options: AdmitOptions = {},
): Promise<() => Promise<void>> {
  return admitSubmission(db, spenderOf(userId), plannedTakes(shots), { ...options, stage: "plan" });
}
