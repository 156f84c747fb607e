import { failureColumns } from "../errors";
import type { TaskDeps } from "../tasks/deps";
import { lastFrameFailed } from "./failures";
import { LEASE_LOST, type HeldLease } from "./lease";
import { sendShot } from "./send-shot";
import type { VideoPort } from "./video-port";

type Take = { id: string; sequenceShotId: string | null; status: string; mediaState: string };

/** The take a chained shot continues from: the picked one, or with auto-pick the first stored one. */
export function chosenTake(
  shot: { id: string; pickedTaskId: string | null },
  takes: readonly Take[],
  autoPick: boolean,
): string | null {
  if (shot.pickedTaskId) return shot.pickedTaskId;
  if (!autoPick) return null;
  const stored = takes.find(
    (t) => t.sequenceShotId === shot.id && t.status === "completed" && t.mediaState === "stored",
  );
  return stored?.id ?? null;
}

/**
 * One pass over a running sequence, by the runner holding its lease: sends every shot that can go
 * (unchained ones at once; a chained one once its predecessor's take is chosen, from that take's
 * last frame), then writes the sequence's state: done when every shot is sent, failed when none
 * can go further and one failed, otherwise still running (looked at again `idleMs` later). When
 * the lease turns out to be another instance's now, it stops there and writes nothing more.
 */
export async function advanceSequence(
  deps: TaskDeps,
  video: VideoPort,
  lease: HeldLease,
  sequenceId: string,
  idleMs: number,
): Promise<string> {
  const sequence = await deps.db.sequence.findUnique({
    where: { id: sequenceId },
    include: { shots: { orderBy: { position: "asc" } } },
  });
  if (!sequence || sequence.state !== "running") return sequence?.state ?? "gone";
  const { shots } = sequence;
  const takes = await deps.db.task.findMany({
    where: { sequenceShotId: { in: shots.map((s) => s.id) } },
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    select: { id: true, sequenceShotId: true, status: true, mediaState: true },
  });

  const states = shots.map((s) => s.state);
  for (const [index, shot] of shots.entries()) {
    if (shot.state === "sent" || shot.state === "failed") continue;
    let firstFrame: { path: string; url: string } | null = null;
    if (shot.chained && index > 0) {
      const previous = shots[index - 1];
      const take = states[index - 1] === "sent" ? chosenTake(previous, takes, sequence.autoPick) : null;
      if (!take) {
        if (shot.state === "planned")
          await deps.db.sequenceShot.updateMany({
            where: { id: shot.id, state: "planned" },
            data: { state: "waiting" },
          });
        states[index] = "waiting";
        continue;
      }
      try {
        firstFrame = await video.lastFrameOf(deps.db, take);
      } catch (error) {
        await deps.db.sequenceShot.update({
          where: { id: shot.id },
          data: { state: "failed", ...failureColumns(lastFrameFailed(take, error)) },
        });
        states[index] = "failed";
        continue;
      }
    }
    // A shot left "sending" (a restart) resumes from its own record of takes begun.
    let claimed = { ...shot, claimedAt: shot.claimedAt ?? shot.updatedAt };
    if (shot.state !== "sending") {
      if (!(await lease.renew())) return LEASE_LOST;
      const now = new Date(deps.now());
      const won = await deps.db.sequenceShot.updateMany({
        where: { id: shot.id, state: { in: ["planned", "waiting"] } },
        data: {
          state: "sending",
          firstFramePath: firstFrame?.path ?? null,
          attempts: { increment: 1 },
          claimedAt: now,
          takesStarted: 0,
          sendingAt: null,
          ...failureColumns(null),
        },
      });
      if (won.count === 0) continue;
      claimed = { ...shot, claimedAt: now, takesStarted: 0 };
    }
    const outcome = await sendShot(
      deps,
      video,
      lease,
      claimed,
      index,
      sequence.userId,
      firstFrame?.url ?? null,
    );
    if (outcome === LEASE_LOST) return LEASE_LOST;
    states[index] = outcome;
  }

  const pending = states.some((s) => s !== "sent" && s !== "failed");
  const blocked = states.every(
    (s, i) => s === "sent" || s === "failed" || (s === "waiting" && states[i - 1] === "failed"),
  );
  const state = !pending ? (states.includes("failed") ? "failed" : "done") : blocked ? "failed" : "running";
  const written = await deps.db.sequence.updateMany({
    where: { id: sequenceId, state: "running", leaseHolder: lease.holder },
    data: { state, nextRunAt: new Date(deps.now() + idleMs) },
  });
  // Not running any more (cancelled meanwhile), or another instance's now.
  if (written.count === 0) {
    const now = await deps.db.sequence.findUnique({
      where: { id: sequenceId },
      select: { leaseHolder: true },
    });
    if (now && now.leaseHolder !== lease.holder) return LEASE_LOST;
  }
  return state;
}
