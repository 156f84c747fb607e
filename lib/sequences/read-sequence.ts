import { keptFailureFields } from "../failure-fields";
import type { Viewer } from "../auth/scope";
import type { Db } from "../db";
import { scoringShots } from "../vision/take-scores";
import { mediaPath } from "../tasks/present-task";
import { estimateSequence } from "./admit";
import { assemblySelect, presentAssembly } from "./assembly";
import { findSequence } from "./sequences";

export type SequenceDetail = Awaited<ReturnType<typeof getSequence>>;

/**
 * A sequence as the page and the API show it: its shots in order, each with its takes (status,
 * progress, the stored video's URL and duration), the estimate of the shots not sent yet, and its
 * latest assemblies.
 */
export async function getSequence(db: Db, viewer: Viewer, id: string) {
  const sequence = await findSequence(db, viewer, id);
  const shots = await db.sequenceShot.findMany({ where: { sequenceId: id }, orderBy: { position: "asc" } });
  const takes = await db.task.findMany({
    where: { sequenceShotId: { in: shots.map((s) => s.id) } },
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      sequenceShotId: true,
      status: true,
      progress: true,
      error: true,
      errorCode: true,
      errorParams: true,
      mediaState: true,
      media: {
        where: { role: "result" },
        select: { id: true, status: true, durationSec: true, width: true, height: true, contentType: true },
      },
      description: {
        select: {
          status: true,
          reason: true,
          reasonCode: true,
          reasonParams: true,
          score: true,
          scoreReason: true,
        },
      },
    },
  });
  const scoring = await scoringShots(
    db,
    shots.map((s) => s.id),
  );
  const assemblies = await db.assembly.findMany({
    where: { sequenceId: id },
    orderBy: { createdAt: "desc" },
    take: 5,
    select: assemblySelect,
  });
  const films = await db.media.findMany({
    where: { taskId: { in: assemblies.flatMap((a) => (a.taskId ? [a.taskId] : [])) }, role: "result" },
    select: { id: true, taskId: true },
  });
  const unsent = shots.filter((s) => s.state !== "sent");
  return {
    id: sequence.id,
    name: sequence.name,
    state: sequence.state,
    autoPick: sequence.autoPick,
    output: JSON.parse(sequence.output) as Record<string, unknown>,
    updatedAt: sequence.updatedAt,
    estimate: await estimateSequence(db, unsent),
    shots: shots.map((shot) => ({
      id: shot.id,
      model: shot.model,
      body: JSON.parse(shot.body) as Record<string, unknown>,
      takes: shot.takes,
      chained: shot.chained,
      pickedTaskId: shot.pickedTaskId,
      trimIn: shot.trimIn,
      trimOut: shot.trimOut,
      muted: shot.muted,
      state: shot.state,
      ...keptFailureFields(shot, "error"),
      /** Its takes are scored against the prompt (PUT /api/vision/score {shotId, on}; issue 25). */
      scoring: scoring.has(shot.id),
      takeList: takes
        .filter((t) => t.sequenceShotId === shot.id)
        .map(({ media, id, status, progress, mediaState, description, ...row }) => {
          const take = { id, status, progress, ...keptFailureFields(row, "error"), mediaState };
          const stored = media.find((m) => m.status === "stored");
          return {
            ...take,
            url: stored ? mediaPath(stored.id) : null,
            durationSec: stored?.durationSec ?? null,
            score: description?.score ?? null,
            scoreReason: description?.score != null ? (description.scoreReason ?? "") : null,
            /** The vision model's work on it: pending (being described or scored), done, refused, failed. */
            describe: description
              ? { status: description.status, ...keptFailureFields(description, "reason") }
              : null,
          };
        }),
    })),
    assemblies: assemblies.map((row) => {
      const film = films.find((m) => m.taskId === row.taskId);
      return { ...presentAssembly(row), filmUrl: film ? mediaPath(film.id) : null };
    }),
  };
}
