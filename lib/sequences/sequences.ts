import { ownedBy, ownerOf, visibleOr404, type Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { createSequenceSchema, updateSequenceSchema } from "./schema";
import { validateShot } from "./validate-shots";
import { videoPort, type VideoPort } from "./video-port";

/** Positions leave room for moves: a moved shot takes the midpoint of its new neighbours. */
export const POSITION_STEP = 1024;

const NOT_FOUND = "No such sequence";

/** The sequence if the viewer may see it (another user's answers 404 like a missing one). */
export async function findSequence(db: Db, viewer: Viewer, id: string) {
  const row = await db.sequence.findUnique({ where: { id } });
  return visibleOr404(viewer, row, NOT_FOUND);
}

/** A sequence's content may not change while it runs (its shots are being sent). */
export function assertEditable(sequence: { state: string }) {
  if (sequence.state === "running")
    throw new StudioError("conflict", "The sequence is running: cancel it before changing it");
}

export async function createSequence(
  db: Db,
  viewer: Viewer,
  input: unknown,
  video: Pick<VideoPort, "firstFrameField"> = videoPort(),
): Promise<{ id: string }> {
  const request = createSequenceSchema.parse(input);
  const bodies = request.shots.map((shot, i) => validateShot(shot, i, video));
  return db.sequence.create({
    data: {
      name: request.name,
      autoPick: request.autoPick,
      output: JSON.stringify(request.output),
      userId: ownerOf(viewer),
      shots: {
        create: request.shots.map((shot, i) => ({
          position: (i + 1) * POSITION_STEP,
          model: shot.model,
          body: JSON.stringify(bodies[i]),
          takes: shot.takes,
          chained: shot.chained,
        })),
      },
    },
    select: { id: true },
  });
}

export async function listSequences(db: Db, viewer: Viewer) {
  const rows = await db.sequence.findMany({
    where: ownedBy(viewer),
    orderBy: { updatedAt: "desc" },
    take: 200,
    select: { id: true, name: true, state: true, updatedAt: true, _count: { select: { shots: true } } },
  });
  return rows.map(({ _count, ...row }) => ({ ...row, shots: _count.shots }));
}

export async function updateSequence(db: Db, viewer: Viewer, id: string, input: unknown) {
  const request = updateSequenceSchema.parse(input);
  await findSequence(db, viewer, id);
  await db.sequence.update({
    where: { id },
    data: {
      name: request.name,
      autoPick: request.autoPick,
      output: request.output ? JSON.stringify(request.output) : undefined,
    },
  });
}

/** A copy of the storyboard (shots, settings, trims), without takes or run state. */
export async function duplicateSequence(db: Db, viewer: Viewer, id: string): Promise<{ id: string }> {
  const source = await findSequence(db, viewer, id);
  const shots = await db.sequenceShot.findMany({ where: { sequenceId: id }, orderBy: { position: "asc" } });
  return db.sequence.create({
    data: {
      name: `${source.name} (copy)`.slice(0, 200),
      autoPick: source.autoPick,
      output: source.output,
      userId: ownerOf(viewer),
      shots: {
        create: shots.map((shot) => ({
          position: shot.position,
          model: shot.model,
          body: shot.body,
          takes: shot.takes,
          chained: shot.chained,
          trimIn: shot.trimIn,
          trimOut: shot.trimOut,
          muted: shot.muted,
        })),
      },
    },
    select: { id: true },
  });
}

/** Deletes the storyboard; its takes and films stay in the gallery (they are tasks of their own). */
export async function deleteSequence(db: Db, viewer: Viewer, id: string): Promise<void> {
  await findSequence(db, viewer, id);
  await db.sequence.delete({ where: { id } });
}
