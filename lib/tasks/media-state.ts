import type { Db } from "../db";

/** Task.mediaState: where a task's downloads stand, as one word for lists and filters. */
export type MediaState = "none" | "pending" | "stored" | "partial" | "expired" | "failed";

type MediaLike = { role: string; status: string };

/**
 * Judged on the files the user asked for (results and last frames); the upstream's extra copies
 * count only when there is nothing else, so an expired duplicate never makes a stored video look lost.
 */
export function computeMediaState(media: readonly MediaLike[]): MediaState {
  if (media.length === 0) return "none";
  if (media.some((m) => m.status === "pending" || m.status === "downloading")) return "pending";
  const primary = media.filter((m) => m.role !== "extra");
  const judged = primary.length > 0 ? primary : media;
  const stored = judged.filter((m) => m.status === "stored").length;
  if (stored === judged.length) return "stored";
  if (stored > 0) return "partial";
  return judged.some((m) => m.status === "expired") ? "expired" : "failed";
}

export async function updateMediaState(db: Db, taskId: string): Promise<MediaState> {
  const media = await db.media.findMany({ where: { taskId }, select: { role: true, status: true } });
  const mediaState = computeMediaState(media);
  await db.task.update({ where: { id: taskId }, data: { mediaState } });
  return mediaState;
}
