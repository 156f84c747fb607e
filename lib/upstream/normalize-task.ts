/**
 * Reads an upstream task object into the studio's terms. The spec leaves the types of progress,
 * amount, actualDuration and the items of upstream_urls "not shown", so every plausible form is
 * accepted (see docs/decisions/core.md).
 */
import type { TaskStatus } from "../tasks/status";
import { serverLog } from "../log";

/** Task-object fields that carry result URLs, in the order the studio prefers them. */
const RESULT_URL_FIELDS = [
  "result_url",
  "video_url",
  "image_url",
  "media_url",
  "last_frame_url",
  "upstream_url",
  "upstream_urls",
] as const;
export type ResultUrlField = (typeof RESULT_URL_FIELDS)[number];

export type MediaRole = "result" | "last_frame" | "extra";

/** One distinct result URL and every field that carried it ("upstream_urls[0]" for list items). */
export type ResultUrl = { url: string; role: MediaRole; fields: string[] };

export type NormalizedTask = {
  id: string;
  object: string | null;
  model: string | null;
  /** undefined when the upstream sent a status the studio does not know (kept non-terminal). */
  status: TaskStatus | undefined;
  rawStatus: string | null;
  /** 0–100. */
  progress: number | null;
  amount: number | null;
  actualDuration: number | null;
  error: string | null;
  /** Unix seconds. */
  created: number | null;
  /** Original URLs by field, as the upstream sent them (only http(s) URLs). */
  urlFields: Partial<Record<ResultUrlField, string | string[]>>;
  resultUrls: ResultUrl[];
};

const STATUS_SYNONYMS: Record<string, TaskStatus> = {};
const synonyms: Record<TaskStatus, string[]> = {
  queued: [
    "queued",
    "queue",
    "queueing",
    "in_queue",
    "pending",
    "waiting",
    "submitted",
    "created",
    "not_start",
    "not_started",
    "scheduled",
    "accepted",
  ],
  processing: [
    "processing",
    "running",
    "in_progress",
    "started",
    "generating",
    "progress",
    "active",
    "working",
  ],
  completed: [
    "completed",
    "complete",
    "succeeded",
    "success",
    "successful",
    "succeed",
    "done",
    "finished",
    "finish",
    "ok",
  ],
  failed: [
    "failed",
    "fail",
    "failure",
    "error",
    "errored",
    "cancelled",
    "canceled",
    "timeout",
    "timed_out",
    "rejected",
    "aborted",
  ],
};
for (const [status, words] of Object.entries(synonyms)) {
  for (const word of words) STATUS_SYNONYMS[word] = status as TaskStatus;
}

export function normalizeStatus(value: unknown): TaskStatus | undefined {
  if (typeof value !== "string") return undefined;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return STATUS_SYNONYMS[key];
}

/** A number, or a numeric string with an optional unit ("0.35", "5s", "1,234.5"); else null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const match = /^\s*([+-]?\d[\d,]*(?:\.\d+)?|[+-]?\.\d+)\s*[a-z%]*\s*$/i.exec(value);
  if (!match) return null;
  const parsed = Number(match[1].replace(/,/g, ""));
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Progress as a percentage 0–100. "45%" and "45" and 45 are 45; a non-integer strictly between 0
 * and 1 (0.45 or "0.45") is read as a fraction, since no upstream reports "less than one percent"
 * with decimals while fraction-style progress is common.
 */
export function normalizeProgress(value: unknown): number | null {
  const n = toNumber(value);
  if (n === null) return null;
  const isPercent = typeof value === "string" && value.includes("%");
  const percent = !isPercent && n > 0 && n < 1 ? n * 100 : n;
  return Math.round(Math.min(100, Math.max(0, percent)) * 10) / 10;
}

/** The failure message from `error` (string or object) or `error_message`; blank means none. */
function normalizeError(task: Record<string, unknown>): string | null {
  for (const value of [task.error, task.error_message, task.message]) {
    const text = errorText(value);
    if (text) return text;
  }
  return null;
}

function errorText(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  for (const key of ["message", "msg", "error_message", "detail", "reason"]) {
    if (typeof record[key] === "string" && (record[key] as string).trim())
      return (record[key] as string).trim();
  }
  const code = record.code ?? record.type;
  if (typeof code === "string" || typeof code === "number") return `Error ${code}`;
  const json = JSON.stringify(value);
  return json === "{}" ? null : json.slice(0, 500);
}

/** Unix seconds from seconds, milliseconds, a numeric string or an ISO date. */
export function normalizeCreated(value: unknown): number | null {
  const n = toNumber(value);
  if (n !== null) return Math.floor(n > 1e12 ? n / 1000 : n);
  if (typeof value === "string") {
    const ms = Date.parse(value);
    if (Number.isFinite(ms)) return Math.floor(ms / 1000);
  }
  return null;
}

// Each distinct unparseable value is logged once per process: a relay sending "N/A" on every poll
// of every task must not flood the log, but the operator should learn what it sends.
const reported = new Set<string>();
const MAX_REPORTED = 200;

/** `parse(value)`, with a warning (once) when a value was sent but could not be read. */
function noted(field: string, value: unknown, parse: (value: unknown) => number | null): number | null {
  const parsed = parse(value);
  const absent = value === undefined || value === null || (typeof value === "string" && !value.trim());
  if (parsed === null && !absent) {
    const raw = JSON.stringify(value) ?? String(value);
    const key = `${field}:${raw}`;
    if (!reported.has(key) && reported.size < MAX_REPORTED) {
      reported.add(key);
      serverLog.warn(`[upstream] unparseable ${field} ${raw.slice(0, 200)}; keeping the previous value.`);
    }
  }
  return parsed;
}

export function normalizeTask(task: Record<string, unknown> & { id: string }): NormalizedTask {
  const status = normalizeStatus(task.status);
  const urlFields = readUrlFields(task);
  return {
    id: task.id,
    object: typeof task.object === "string" ? task.object : null,
    model: typeof task.model === "string" ? task.model : null,
    status,
    rawStatus: typeof task.status === "string" ? task.status : null,
    progress: status === "completed" ? 100 : noted("progress", task.progress, normalizeProgress),
    amount: noted("amount", task.amount, toNumber),
    actualDuration: noted(
      task.actualDuration !== undefined ? "actualDuration" : "actual_duration",
      task.actualDuration ?? task.actual_duration,
      toNumber,
    ),
    // A completed task's error_message is often "" or a leftover; only failures carry an error.
    error:
      status === "failed"
        ? (normalizeError(task) ?? "The upstream reported the task as failed without a message.")
        : errorText(task.error),
    created: normalizeCreated(task.created),
    urlFields,
    resultUrls: collectResultUrls(urlFields),
  };
}

function readUrlFields(task: Record<string, unknown>): NormalizedTask["urlFields"] {
  const out: NormalizedTask["urlFields"] = {};
  for (const field of RESULT_URL_FIELDS) {
    if (field === "upstream_urls") {
      const list = urlList(task.upstream_urls);
      if (list.length) out.upstream_urls = list;
    } else {
      const url = urlOf(task[field]);
      if (url) out[field] = url;
    }
  }
  return out;
}

/** Items may be strings or objects carrying the URL; a JSON-encoded list or a lone string also works. */
function urlList(value: unknown): string[] {
  let items: unknown[] = [];
  if (Array.isArray(value)) items = value;
  else if (typeof value === "string") {
    const text = value.trim();
    if (text.startsWith("[")) {
      try {
        const parsed = JSON.parse(text);
        if (Array.isArray(parsed)) items = parsed;
      } catch {
        items = [];
      }
    } else items = text.split(/[\s,]+/);
  } else if (value && typeof value === "object") items = [value];
  return items.map(urlOf).filter((url): url is string => url !== undefined);
}

function urlOf(value: unknown): string | undefined {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    return urlOf(record.url ?? record.uri ?? record.href ?? record.src ?? record.download_url);
  }
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? text : undefined;
  } catch {
    return undefined;
  }
}

const ROLE_OF_FIELD: Record<ResultUrlField, MediaRole> = {
  result_url: "result",
  video_url: "result",
  image_url: "result",
  media_url: "result",
  last_frame_url: "last_frame",
  upstream_url: "extra",
  upstream_urls: "extra",
};
const ROLE_RANK: Record<MediaRole, number> = { result: 0, last_frame: 1, extra: 2 };

/** How strong a role is (results first); an unknown role comes last. */
export const roleRank = (role: string): number => ROLE_RANK[role as MediaRole] ?? 3;

/**
 * Distinct URLs with the strongest role any carrying field gives them. media_url counts as a
 * result only when no typed result URL exists, otherwise it is an extra file.
 */
function collectResultUrls(fields: NormalizedTask["urlFields"]): ResultUrl[] {
  const byUrl = new Map<string, ResultUrl>();
  const hasTypedResult = Boolean(fields.result_url || fields.video_url || fields.image_url);
  const add = (url: string, field: string, role: MediaRole) => {
    const existing = byUrl.get(url);
    if (!existing) byUrl.set(url, { url, role, fields: [field] });
    else {
      existing.fields.push(field);
      if (roleRank(role) < roleRank(existing.role)) existing.role = role;
    }
  };
  for (const field of RESULT_URL_FIELDS) {
    const value = fields[field];
    if (value === undefined) continue;
    const role = field === "media_url" && hasTypedResult ? "extra" : ROLE_OF_FIELD[field];
    if (Array.isArray(value)) value.forEach((url, i) => add(url, `${field}[${i}]`, role));
    else add(value, field, role);
  }
  return [...byUrl.values()];
}
