import { failureColumns, failureOf, isStudioError, type Failure } from "../errors";
import { admitSubmission } from "../spend/budget-check";
import { spenderOf } from "../spend/owner";
import type { TaskDeps } from "../tasks/deps";
import { submitTask } from "../tasks/submit-task";
import { heldByBudget, takesNotStored, waitingToSend } from "./failures";
import { LEASE_LOST, type HeldLease } from "./lease";
import { planShotBodies } from "./validate-shots";
import type { VideoPort } from "./video-port";

export type ShotToSend = {
  id: string;
  model: string;
  body: string;
  takes: number;
  chained: boolean;
  /** When this attempt's claim was written: its takes are the shot's tasks submitted since. */
  claimedAt: Date;
  /** Takes of this attempt whose submit was begun (written before each upstream call). */
  takesStarted: number;
};

/**
 * How the send ended: all takes sent, failed for good (the shot says why), to be resumed, or
 * stopped because another instance took the sequence's lease over.
 */
export type ShotOutcome = "sent" | "failed" | "later" | typeof LEASE_LOST;

/**
 * Sends the takes of a shot already claimed ("sending") that are not sent yet, never one twice.
 * Before each upstream submit the shot records the intent (`takesStarted` + 1, `sendingAt`), in a
 * write that only succeeds from the count this runner read; the take's task row (carrying
 * `sequenceShotId`, stored in the submit's own write) records the result. A restart resumes from
 * these: takes begun = recorded → carry on; takes begun > recorded → the process stopped between
 * an upstream submit and its record, and that take is reported (outcome unknown), never resent.
 * Each take goes through the studio's submit path (tracking, downloads and spend as for any task)
 * after the owner's budget is checked again for it; a chained shot's takes start from
 * `firstFrameUrl`.
 */
export async function sendShot(
  deps: TaskDeps,
  video: VideoPort,
  lease: HeldLease,
  shot: ShotToSend,
  index: number,
  owner: string | null,
  firstFrameUrl: string | null,
): Promise<ShotOutcome> {
  const recorded = await deps.db.task.count({
    where: { sequenceShotId: shot.id, submittedAt: { gte: shot.claimedAt } },
  });
  // The lease is renewed right before each intent is written, so it only runs out (and another
  // runner reads these counts) well after any submit in flight has been answered or timed out.
  const unknown = Math.max(0, shot.takesStarted - recorded);
  const remaining = shot.takes - Math.max(shot.takesStarted, recorded);
  let started = Math.max(shot.takesStarted, recorded);
  const finish = (sent: number) =>
    unknown === 0
      ? settle(deps, shot.id, "sent", null)
      : settle(deps, shot.id, sent > 0 ? "sent" : "failed", takesNotStored(unknown));
  if (unknown > 0)
    deps.log.warn(`[sequences] shot ${shot.id}: ${unknown} take(s) begun but not stored: outcome unknown`);
  if (remaining <= 0) return finish(recorded);
  if (recorded > shot.takesStarted) {
    // Takes stored before the shot counted its intents (a row from before that column existed).
    const synced = await deps.db.sequenceShot.updateMany({
      where: { id: shot.id, state: "sending", takesStarted: shot.takesStarted },
      data: { takesStarted: recorded },
    });
    if (synced.count === 0) return LEASE_LOST;
  }

  let body = video.withLastFrameRequested(shot.model, JSON.parse(shot.body) as Record<string, unknown>);
  if (shot.chained && firstFrameUrl) body = video.withFirstFrame(shot.model, body, firstFrameUrl);
  let bodies: Record<string, unknown>[];
  try {
    bodies = planShotBodies({ model: shot.model, body }, index, remaining);
  } catch (error) {
    return settle(deps, shot.id, "failed", failureOf(error));
  }

  let sent = recorded;
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
        return settle(deps, shot.id, "failed", heldByBudget(error));
      // An uncertain price in flight, or the check itself failed: nothing was sent; try again later.
      await deps.db.sequenceShot.update({
        where: { id: shot.id },
        data: failureColumns(waitingToSend(error)),
      });
      return "later";
    }
    try {
      if (!(await lease.renew())) return LEASE_LOST;
      // The intent, before the upstream is called; only from the count read, so no two runners
      // ever begin the same take.
      const intent = await deps.db.sequenceShot.updateMany({
        where: { id: shot.id, state: "sending", takesStarted: started },
        data: { takesStarted: started + 1, sendingAt: new Date(deps.now()) },
      });
      if (intent.count === 0) return LEASE_LOST;
      started++;
      try {
        await submitTask(take, deps, { userId: owner, sequenceShotId: shot.id });
      } catch (error) {
        return settle(deps, shot.id, "failed", failureOf(error));
      }
      sent++;
      await deps.db.sequenceShot.updateMany({ where: { id: shot.id }, data: { sendingAt: null } });
    } finally {
      await release();
    }
  }
  return finish(sent);
}

async function settle(deps: TaskDeps, shotId: string, state: "sent" | "failed", error: Failure | null) {
  await deps.db.sequenceShot.updateMany({
    where: { id: shotId, state: "sending" },
    data: { state, ...failureColumns(error), sendingAt: null },
  });
  return state;
}
