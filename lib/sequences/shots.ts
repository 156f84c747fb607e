import type { Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { shotInputSchema, updateShotSchema, MAX_SHOTS } from "./schema";
import { assertEditable, findSequence, POSITION_STEP } from "./sequences";
import { validateShot } from "./validate-shots";
import { videoPort, type VideoPort } from "./video-port";

const orderedShots = (db: Db, sequenceId: string) =>
  db.sequenceShot.findMany({ where: { sequenceId }, orderBy: { position: "asc" } });

async function findShot(db: Db, viewer: Viewer, sequenceId: string, shotId: string) {
  const sequence = await findSequence(db, viewer, sequenceId);
  const shot = await db.sequenceShot.findFirst({ where: { id: shotId, sequenceId } });
  if (!shot) throw new StudioError("not_found", "No such shot in this sequence");
  return { sequence, shot };
}

/** Adds a shot at the end. */
export async function addShot(
  db: Db,
  viewer: Viewer,
  sequenceId: string,
  input: unknown,
  video: Pick<VideoPort, "firstFrameField"> = videoPort(),
) {
  const shot = shotInputSchema.parse(input);
  const sequence = await findSequence(db, viewer, sequenceId);
  assertEditable(sequence);
  const shots = await orderedShots(db, sequenceId);
  if (shots.length >= MAX_SHOTS)
    throw new StudioError("invalid_request", `A sequence holds at most ${MAX_SHOTS} shots`);
  const body = validateShot(shot, shots.length, video);
  return db.sequenceShot.create({
    data: {
      sequenceId,
      position: (shots.at(-1)?.position ?? 0) + POSITION_STEP,
      model: shot.model,
      body: JSON.stringify(body),
      takes: shot.takes,
      chained: shot.chained,
    },
  });
}

/** Where a shot moved to `index` goes: the midpoint of its new neighbours. */
function positionAt(others: { position: number }[], index: number): number {
  const before = others[index - 1]?.position;
  const after = others[index]?.position;
  if (before === undefined) return (after ?? POSITION_STEP) - POSITION_STEP;
  if (after === undefined) return before + POSITION_STEP;
  return (before + after) / 2;
}

/** Changes a shot's parameters, takes, chaining, place, trims or sound. */
export async function updateShot(
  db: Db,
  viewer: Viewer,
  sequenceId: string,
  shotId: string,
  input: unknown,
  video: Pick<VideoPort, "firstFrameField"> = videoPort(),
) {
  const request = updateShotSchema.parse(input);
  const { sequence, shot } = await findShot(db, viewer, sequenceId, shotId);
  const content = ["model", "body", "takes", "chained", "index"] as const;
  if (content.some((key) => request[key] !== undefined)) assertEditable(sequence);
  const trimIn = request.trimIn ?? shot.trimIn;
  const trimOut = request.trimOut === undefined ? shot.trimOut : request.trimOut;
  if (trimOut !== null && trimOut <= trimIn)
    throw new StudioError("invalid_request", "trimOut: must be after trimIn", {
      issues: [{ path: "trimOut", message: "must be after trimIn", code: "after_trim_in", params: {} }],
    });

  const shots = await orderedShots(db, sequenceId);
  const others = shots.filter((s) => s.id !== shotId);
  const position = request.index === undefined ? shot.position : positionAt(others, request.index);
  const model = request.model ?? shot.model;
  let body = shot.body;
  if (
    request.model !== undefined ||
    request.body !== undefined ||
    request.chained !== undefined ||
    request.index !== undefined
  ) {
    const next = { model, body: request.body ?? (JSON.parse(shot.body) as Record<string, unknown>) };
    const chained = request.chained ?? shot.chained;
    // Validated at its (new) place: the first shot cannot be chained.
    const place = others.filter((s) => s.position < position).length;
    body = JSON.stringify(validateShot({ ...next, chained }, place, video));
  }
  return db.sequenceShot.update({
    where: { id: shotId },
    data: {
      model,
      body,
      position,
      takes: request.takes,
      chained: request.chained,
      trimIn: request.trimIn,
      trimOut: request.trimOut,
      muted: request.muted,
    },
  });
}

export async function removeShot(db: Db, viewer: Viewer, sequenceId: string, shotId: string) {
  const { sequence } = await findShot(db, viewer, sequenceId, shotId);
  assertEditable(sequence);
  await db.sequenceShot.delete({ where: { id: shotId } });
}

/** Chooses the take that goes into the film (and that a chained next shot continues from). */
export async function pickTake(db: Db, viewer: Viewer, sequenceId: string, shotId: string, taskId: string) {
  await findShot(db, viewer, sequenceId, shotId);
  const take = await db.task.findFirst({ where: { id: taskId, sequenceShotId: shotId } });
  if (!take) throw new StudioError("not_found", "No such take of this shot");
  if (take.status !== "completed" || take.mediaState !== "stored")
    throw new StudioError("conflict", "Only a finished take whose video is stored can be picked");
  await db.sequenceShot.update({ where: { id: shotId }, data: { pickedTaskId: taskId } });
}

export { findShot };
