import { isStudioError } from "../errors";
import { admitSubmission } from "../spend/budget-check";
import { spenderOf } from "../spend/owner";
import type { TaskDeps } from "../tasks/deps";
import { submitTask } from "../tasks/submit-task";
import { planShotBodies } from "./validate-shots";
import type { VideoPort } from "./video-port";

export type ShotToSend = {
  id: string;
  model: string;
  body: string;
  takes: number;
  chained: boolean;
  /** When this attempt's claim was written: its takes are the shot's tasks submitted since. */
  updatedAt: Date;
};

/** How the send ended: all takes sent, failed for good (the shot says why), or to be resumed. */
export type ShotOutcome = "sent" | "failed" | "later";

/**
 * Sends the takes of a shot already claimed ("sending") that are not sent yet: a restart resumes
 * a shot where its takes stopped (the takes are tasks carrying `sequenceShotId`, stored in the
 * submit's own write), never sending one twice. Each take goes through the studio's submit path
 * (so tracking, downloads and spend work as for any task) after the owner's budget is checked
 * again for it; a chained shot's takes start from `firstFrameUrl`.
 */
export async function sendShot(
  deps: TaskDeps,
  video: VideoPort,
  shot: ShotToSend,
  index: number,
  owner: string | null,
  firstFrameUrl: string | null,
): Promise<ShotOutcome> {
  const sent = await deps.db.task.count({
    where: { sequenceShotId: shot.id, submittedAt: { gte: shot.updatedAt } },
  });
  const remaining = shot.takes - sent;
  if (remaining <= 0) return settle(deps, shot.id, "sent", null);

  let body = video.withLastFrameRequested(shot.model, JSON.parse(shot.body) as Record<string, unknown>);
  if (shot.chained && firstFrameUrl) body = video.withFirstFrame(shot.model, body, firstFrameUrl);
  let bodies: Record<string, unknown>[];
  try {
    bodies = planShotBodies({ model: shot.model, body }, index, remaining);
  } catch (error) {
    return settle(deps, shot.id, "failed", (error as Error).message);
  }

  for (const take of bodies) {
    let release: () => Promise<void>;
    try {
      release = await admitSubmission(deps.db, spenderOf(owner), [{ model: shot.model, body: take }], {
        limiter: null,
        now: deps.now,
      });
    } catch (error) {
      if (
        isStudioError(error) &&
        error.code === "budget_exceeded" &&
        error.details.reason !== "price_uncertain"
      )
        return settle(deps, shot.id, "failed", `Held: ${error.message}`);
      // An uncertain price in flight, or the check itself failed: nothing was sent; try again later.
      await deps.db.sequenceShot.update({
        where: { id: shot.id },
        data: { error: `Waiting: ${(error as Error).message}`, updatedAt: shot.updatedAt },
      });
      return "later";
    }
    try {
      await submitTask(take, deps, { userId: owner, sequenceShotId: shot.id });
    } catch (error) {
      return settle(deps, shot.id, "failed", (error as Error).message);
    } finally {
      await release();
    }
  }
  return settle(deps, shot.id, "sent", null);
}

async function settle(deps: TaskDeps, shotId: string, state: "sent" | "failed", error: string | null) {
  await deps.db.sequenceShot.updateMany({ where: { id: shotId, state: "sending" }, data: { state, error } });
  return state;
}
