import type { IssueCode, IssueParams } from "../catalog/issues";
import { StudioError } from "../errors";

/**
 * A moment belongs to a video and lies within it. The stored duration (probed at download) may be
 * rounded a little differently from what a browser reports at the very end, hence the tolerance.
 */
const END_TOLERANCE_SECONDS = 0.05;

type TaskForMoment = { kind: string; media: { durationSec: number | null }[] };

export function videoDuration(task: TaskForMoment): number | null {
  const known = task.media.map((m) => m.durationSec).filter((d): d is number => d !== null && d > 0);
  return known.length ? Math.max(...known) : null;
}

export function checkMoment(task: TaskForMoment, atSeconds: number | null): void {
  if (atSeconds === null) return;
  if (task.kind !== "video") {
    throw invalid(
      "atSeconds",
      "only a video has a moment; send null or leave it out for an image",
      "moment_needs_video",
    );
  }
  const duration = videoDuration(task);
  if (duration !== null && atSeconds > duration + END_TOLERANCE_SECONDS) {
    throw invalid("atSeconds", `must not pass the end of the video (${duration} s)`, "moment_after_end", {
      duration,
    });
  }
}

function invalid(path: string, message: string, code: IssueCode, params: IssueParams = {}): StudioError {
  return new StudioError("invalid_request", `${path}: ${message}`, {
    issues: [{ path, message, code, params }],
  });
}
