import { keptFailureFields } from "../failure-fields";
import type { Viewer } from "../auth/scope";
import type { Db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { StudioError } from "../errors";
import { assembleSchema, outputSchema, type SequenceOutput } from "./schema";
import { findSequence } from "./sequences";

/** One shot of an edit: the take used and its trims. */
export type EditShot = {
  shotId: string;
  taskId: string;
  prompt: string;
  trimIn: number;
  trimOut: number | null;
  muted: boolean;
};

/** The edit an assembly makes, stored on the Assembly row and on the film's task for provenance. */
export type Edit = {
  sequenceId: string;
  name: string;
  shots: EditShot[];
  output: { width?: number; height?: number; fps?: number; crossfadeSeconds: number };
};

/**
 * Queues a film of the sequence's picked takes (trims, sound, crossfade and output as set now);
 * the assembly worker makes it. Every shot needs a picked take whose video is stored.
 */
export async function requestAssembly(db: Db, viewer: Viewer, sequenceId: string, input: unknown) {
  const overrides = assembleSchema.parse(input ?? {});
  const sequence = await findSequence(db, viewer, sequenceId);
  const merged = { ...outputSchema.parse(JSON.parse(sequence.output)), ...overrides };
  const output: SequenceOutput = Object.fromEntries(
    Object.entries(merged).filter(([, value]) => value !== null && value !== undefined),
  );
  const shots = await db.sequenceShot.findMany({ where: { sequenceId }, orderBy: { position: "asc" } });
  if (!shots.length) throw new StudioError("conflict", "The sequence has no shots to assemble");
  const picked = await db.task.findMany({
    where: { id: { in: shots.map((s) => s.pickedTaskId ?? "") } },
    select: { id: true, prompt: true, status: true, mediaState: true },
  });
  const edit: Edit = {
    sequenceId,
    name: sequence.name,
    shots: shots.map((shot, i) => {
      const take = picked.find((t) => t.id === shot.pickedTaskId);
      if (!take || take.status !== "completed" || take.mediaState !== "stored")
        throw new StudioError(
          "conflict",
          `Shot ${i + 1} has no picked take with a stored video: pick one first`,
        );
      return {
        shotId: shot.id,
        taskId: take.id,
        prompt: take.prompt,
        trimIn: shot.trimIn,
        trimOut: shot.trimOut,
        muted: shot.muted,
      };
    }),
    output: { crossfadeSeconds: 0, ...output },
  };
  const [assembly] = await db.$transaction([
    db.assembly.create({
      data: { sequenceId, userId: sequence.userId, edit: JSON.stringify(edit) },
      select: assemblySelect,
    }),
    // The output the user chose is the sequence's from now on (the page shows it after a reload).
    db.sequence.update({ where: { id: sequenceId }, data: { output: JSON.stringify(output) } }),
  ]);
  return presentAssembly(assembly);
}

/** An assembly's columns as every answer shows it (its own routes and the sequence's detail). */
export const assemblySelect = {
  id: true,
  state: true,
  progress: true,
  error: true,
  errorCode: true,
  errorParams: true,
  taskId: true,
  cancelRequested: true,
  createdAt: true,
  finishedAt: true,
} as const;

type AssemblyRow = Prisma.AssemblyGetPayload<{ select: typeof assemblySelect }>;

/** An assembly as the API answers it: its error with the code and params beside it. */
export function presentAssembly({ error, errorCode, errorParams, ...row }: AssemblyRow) {
  return { ...row, ...keptFailureFields({ error, errorCode, errorParams }, "error") };
}

async function findAssembly(db: Db, viewer: Viewer, sequenceId: string, id: string) {
  await findSequence(db, viewer, sequenceId);
  const row = await db.assembly.findFirst({ where: { id, sequenceId }, select: assemblySelect });
  if (!row) throw new StudioError("not_found", "No such assembly of this sequence");
  return presentAssembly(row);
}

export const getAssembly = findAssembly;

export async function listAssemblies(db: Db, viewer: Viewer, sequenceId: string) {
  await findSequence(db, viewer, sequenceId);
  const rows = await db.assembly.findMany({
    where: { sequenceId },
    orderBy: { createdAt: "desc" },
    take: 20,
    select: assemblySelect,
  });
  return rows.map(presentAssembly);
}

/** Asks the worker to stop (it aborts ffmpeg); a queued one is cancelled at once. */
export async function cancelAssembly(db: Db, viewer: Viewer, sequenceId: string, id: string) {
  await findAssembly(db, viewer, sequenceId, id);
  await db.assembly.updateMany({
    where: { id, state: "queued" },
    data: { state: "cancelled", finishedAt: new Date() },
  });
  await db.assembly.updateMany({ where: { id, state: "running" }, data: { cancelRequested: true } });
  return findAssembly(db, viewer, sequenceId, id);
}
