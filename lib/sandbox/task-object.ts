import {
  actualSecondsOf,
  creditsOf,
  formatActualDuration,
  formatAmount,
  formatProgress,
} from "./field-formats";
import { fileNameOf, signedFileUrl, type FileRole } from "./result-urls";
import { taskHash, type TaskSeed } from "./task-codec";
import { phaseAt, scheduleOf } from "./timeline";

/** The spec's "Models that add result fields" table. */
type ExtraField =
  "error_message" | "last_frame_url" | "upstream_url" | "upstream_urls" | "media_url" | "task_id";

const EXTRA_FIELDS: Record<string, readonly ExtraField[]> = {
  "sd_2.5_ORelay": ["error_message", "last_frame_url", "upstream_url", "upstream_urls"],
  sd2_disc_nvid: ["upstream_url", "upstream_urls"],
  // last_frame_url: its parameter page says the query call carries it when return_last_frame is true.
  "sd_2.0_mini_discount": ["upstream_url", "upstream_urls", "last_frame_url"],
  videos_30_10_10_c4: ["error_message", "media_url", "task_id"],
  "videos_2.5_30_10_10_c6": ["error_message", "media_url"],
};

export const FAILURE_MESSAGE =
  "Generation failed: the output did not pass content review (sandbox trigger [fail]). " +
  "Upload reference media to the asset library first to avoid review-related failures.";

export type TaskObjectContext = {
  /** Absolute URL of the sandbox root, e.g. http://127.0.0.1:3000/api/sandbox. */
  root: string;
  secret: string;
  nowMs: number;
};

/** The top-level task object (spec "Task") as the query call returns it at `nowMs`. */
export function taskObject(id: string, seed: TaskSeed, ctx: TaskObjectContext): Record<string, unknown> {
  const schedule = scheduleOf(id, seed);
  const phase = phaseAt(schedule, ctx.nowMs);
  const extras = EXTRA_FIELDS[seed.model] ?? [];
  const has = (field: ExtraField) => extras.includes(field);
  const task: Record<string, unknown> = {
    id,
    object: seed.kind,
    created: Math.floor(seed.createdMs / 1000),
    model: seed.model,
    status: phase.status,
    progress: formatProgress(seed.model, phase.progress),
  };
  if (has("task_id")) task.task_id = vendorTaskId(id);

  if (phase.status === "completed") {
    const url = (role: FileRole) =>
      signedFileUrl(
        ctx.root,
        id,
        fileNameOf(seed, role),
        phase.completedMs + seed.ttlSeconds * 1000,
        ctx.secret,
      );
    const result = url("result");
    task.result_url = result;
    task[seed.kind === "image" ? "image_url" : "video_url"] = result;
    task.amount = formatAmount(seed.model, creditsOf(seed));
    task.actualDuration = formatActualDuration(seed.model, actualSecondsOf(seed, schedule));
    if (has("media_url")) task.media_url = result;
    if (has("upstream_url")) task.upstream_url = url("upstream");
    if (has("upstream_urls")) task.upstream_urls = [url("upstream")];
    if (has("last_frame_url") && seed.lastFrame) task.last_frame_url = url("last-frame");
    if (has("error_message")) task.error_message = "";
    task.error = null;
  } else if (phase.status === "failed") {
    task.amount = formatAmount(seed.model, 0);
    if (has("error_message")) task.error_message = FAILURE_MESSAGE;
    task.error = FAILURE_MESSAGE;
  } else {
    task.error = null;
  }
  return task;
}

/** The vendor-side id videos_30_10_10_c4 reports as task_id. */
function vendorTaskId(id: string): string {
  return `cgt-${taskHash(id, "vendor").toString(16).padStart(8, "0")}${taskHash(id, "vendor2").toString(16).padStart(8, "0")}`;
}

/**
 * A v1 family task as the sandbox's v1 endpoints answer it. The spec shows only `id`; the sandbox
 * answers in a common video-API layout (in_progress, created_at, an error object, seconds) so the
 * studio's reading of "not shown" shapes (lib/upstream/v1-answer.ts) is exercised end to end.
 */
export function v1TaskObject(id: string, seed: TaskSeed, ctx: TaskObjectContext): Record<string, unknown> {
  const task = taskObject(id, seed, ctx);
  const status = task.status === "processing" ? "in_progress" : task.status;
  return {
    id,
    object: "video",
    model: seed.model,
    status,
    progress: task.progress,
    created_at: task.created,
    ...(seed.duration !== undefined ? { seconds: String(seed.duration) } : {}),
    ...(status === "completed" ? { video_url: task.video_url, amount: task.amount } : {}),
    error: status === "failed" ? { code: "generation_failed", message: task.error } : null,
  };
}
