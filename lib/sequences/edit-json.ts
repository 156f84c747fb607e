import type { Edit } from "./assembly";

/** One take's model, looked up by the caller (the edit stores the take's id and prompt). */
export type TakeModel = { id: string; model: string };

/**
 * The JSON of a film's edit that goes into a zip beside the film: the sequence, each shot's picked
 * take with its trims and sound, the crossfade and the output size and frame rate it was made at —
 * enough to read (or redo) the cut in another editor.
 */
export function editJson(edit: Edit, film: { id: string; durationSec: number | null }, takes: TakeModel[]) {
  const { crossfadeSeconds, ...size } = edit.output;
  const described = {
    sequence: { id: edit.sequenceId, name: edit.name },
    film: { id: film.id, durationSec: film.durationSec },
    output: { ...size, crossfadeSeconds },
    shots: edit.shots.map((shot, i) => ({
      index: i + 1,
      shotId: shot.shotId,
      take: shot.taskId,
      model: takes.find((t) => t.id === shot.taskId)?.model ?? null,
      prompt: shot.prompt,
      trimIn: shot.trimIn,
      trimOut: shot.trimOut,
      audio: shot.muted ? "muted" : "kept",
    })),
  };
  return `${JSON.stringify(described, null, 2)}\n`;
}
