/**
 * The v1 family endpoints' answers in the task API's terms. The spec shows only that create answers
 * with `id`; the query answer's shape is "not shown", so every common layout is read
 * (docs/decisions/v1-families.md): status in `status` or `state` (any spelling normalize-task.ts
 * knows: in_progress, succeeded, cancelled…), the result URL in the task API's fields or in `url`,
 * `video.url`, `output(s)`, `result`, `data`, `videos[]` or `generations[]`, `created_at` for
 * `created`, and an `error` object or `failure_reason` for the message.
 */
import { isPlainObject } from "../catalog/describe-value";

/** The task API's own result fields: an answer carrying any of them needs no translation. */
const TASK_API_URL_FIELDS = ["result_url", "video_url", "image_url", "media_url"];

/** Where v1-style answers put result files, in the order they are tried. */
const RESULT_CONTAINERS = [
  "output",
  "outputs",
  "result",
  "results",
  "video",
  "videos",
  "data",
  "generations",
  "content",
];

export function fromV1Answer(answer: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...answer };
  if (out.status === undefined && typeof answer.state === "string") out.status = answer.state;
  if (out.created === undefined && answer.created_at !== undefined) out.created = answer.created_at;
  if (out.progress === undefined) out.progress = answer.progress_percent ?? answer.percent ?? undefined;
  if (out.error === undefined || out.error === null) {
    const reason = answer.failure_reason ?? answer.fail_reason ?? answer.last_error;
    if (reason !== undefined && reason !== null) out.error = reason;
  }
  if (!TASK_API_URL_FIELDS.some((field) => typeof answer[field] === "string" && answer[field])) {
    const urls = resultUrls(answer);
    if (urls.length) {
      out.video_url = urls[0];
      if (urls.length > 1) out.upstream_urls = urls;
    }
  }
  return out;
}

function resultUrls(answer: Record<string, unknown>): string[] {
  const own = urlOf(answer.url) ?? urlOf(answer.download_url);
  if (own) return [own];
  for (const key of RESULT_CONTAINERS) {
    const found = collect(answer[key], 0);
    if (found.length) return [...new Set(found)];
  }
  return [];
}

/** URLs in a string, an object (url, video_url, uri, href…) or a list of those, two levels deep. */
function collect(value: unknown, depth: number): string[] {
  if (depth > 2 || value === null || value === undefined) return [];
  const direct = urlOf(value);
  if (direct) return [direct];
  if (Array.isArray(value)) return value.flatMap((item) => collect(item, depth + 1));
  if (!isPlainObject(value)) return [];
  for (const key of ["url", "video_url", "result_url", "uri", "href", "download_url", "src"]) {
    const found = urlOf(value[key]);
    if (found) return [found];
  }
  for (const key of ["video", "videos", "output", "outputs", "files"]) {
    const found = collect(value[key], depth + 1);
    if (found.length) return found;
  }
  return [];
}

function urlOf(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  return /^https?:\/\/\S+$/i.test(text) ? text : undefined;
}
