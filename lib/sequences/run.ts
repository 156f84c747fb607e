import type { Viewer } from "../auth/scope";
import type { Db } from "../db";
import { failureColumns, StudioError } from "../errors";
import type { AdmitOptions } from "../spend/budget-check";
import { admitSequence } from "./admit";
import { findShot } from "./shots";
import { findSequence } from "./sequences";

/**
 * Starts (or continues) a run: the shots not sent yet are admitted as a whole against the owner's
 * budget (402 otherwise, nothing changes), then the runner sends them.
 */
export async function runSequence(db: Db, viewer: Viewer, id: string, check: AdmitOptions = {}) {
  const sequence = await findSequence(db, viewer, id);
  if (sequence.state === "running") return;
  const shots = await db.sequenceShot.findMany({ where: { sequenceId: id } });
  const toSend = shots.filter((s) => s.state !== "sent" && s.state !== "failed");
  if (!toSend.length)
    throw new StudioError(
      "conflict",
      shots.length
        ? "Every shot is sent already: retry a shot to make new takes"
        : "The sequence has no shots",
    );
  const release = await admitSequence(db, sequence.userId, toSend, check);
  try {
    await db.sequence.update({ where: { id }, data: { state: "running", nextRunAt: new Date() } });
  } finally {
    await release();
  }
}

/** Stops sending: shots not sent yet go back to planned; takes already sent keep running. */
export async function cancelSequence(db: Db, viewer: Viewer, id: string) {
  await findSequence(db, viewer, id);
  await db.$transaction([
    db.sequence.update({ where: { id }, data: { state: "paused" } }),
    db.sequenceShot.updateMany({ where: { sequenceId: id, state: "waiting" }, data: { state: "planned" } }),
  ]);
}

/** New takes for one shot (admitted for its takes), and the run continues. */
export async function retryShot(
  db: Db,
  viewer: Viewer,
  sequenceId: string,
  shotId: string,
  check: AdmitOptions = {},
) {
  const { sequence, shot } = await findShot(db, viewer, sequenceId, shotId);
  if (shot.state === "sending") throw new StudioError("conflict", "The shot is being sent");
  const release = await admitSequence(db, sequence.userId, [shot], check);
  try {
    await db.$transaction([
      db.sequenceShot.update({
        where: { id: shotId },
        data: { state: "planned", ...failureColumns(null), pickedTaskId: null },
      }),
      db.sequence.update({ where: { id: sequenceId }, data: { state: "running", nextRunAt: new Date() } }),
    ]);
  } finally {
    await release();
  }
}
