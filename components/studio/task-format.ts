import type { AnyTask, PresentedMedia, PresentedTask } from "./task-types";

/** progress as a percentage from 45, "45" or "45%" (the proxy normalizes; this tolerates the rest). */
export function progressPercent(progress: PresentedTask["progress"]): number | undefined {
  return numberOf(progress);
}

export function numberOf(value: unknown): number | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const n = typeof value === "number" ? value : Number.parseFloat(String(value));
  return Number.isFinite(n) ? n : undefined;
}

/** A span's hours, minutes and seconds; the second unit is zero-padded ("3 min 05 s"). */
export function elapsedParts(ms: number): {
  unit: "hours" | "minutes" | "seconds";
  h: number;
  m: string;
  s: string;
} {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return { unit: "hours", h, m: String(m).padStart(2, "0"), s: String(s) };
  if (m > 0) return { unit: "minutes", h, m: String(m), s: String(s).padStart(2, "0") };
  return { unit: "seconds", h, m: String(m), s: String(s) };
}

/** "12 s", "3 min 05 s", "1 h 02 min" (English; pages word it through messages' `elapsed`). */
export function formatElapsed(ms: number): string {
  const { unit, h, m, s } = elapsedParts(ms);
  if (unit === "hours") return `${h} h ${m} min`;
  if (unit === "minutes") return `${m} min ${s} s`;
  return `${s} s`;
}

export function submittedAt(task: AnyTask): number | undefined {
  const iso = Date.parse(task.studio.submittedAt ?? "");
  if (Number.isFinite(iso)) return iso;
  return typeof task.created === "number" ? task.created * 1000 : undefined;
}

export function finishedAt(task: AnyTask): number | undefined {
  const iso = Date.parse(task.studio.finishedAt ?? "");
  return Number.isFinite(iso) ? iso : undefined;
}

export function relativeTime(ms: number, now: number): string {
  const seconds = Math.round((now - ms) / 1000);
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(ms).toLocaleDateString(undefined, { month: "short", day: "numeric" });
}

/** The main result file(s) and the last frame of a task, as the studio stored them. */
export function taskMedia(task: AnyTask): { results: PresentedMedia[]; lastFrame?: PresentedMedia } {
  const media = task.studio.media ?? [];
  const lastFrame = media.find((m) => m.role === "last_frame");
  const results = media.filter((m) => m.role !== "last_frame" && m.role !== "extra");
  return { results: results.length > 0 ? results : media.filter((m) => m !== lastFrame), lastFrame };
}

export function mediaKind(media: PresentedMedia, task: AnyTask): "video" | "image" {
  if (media.contentType?.startsWith("video/")) return "video";
  if (media.contentType?.startsWith("image/")) return "image";
  return task.object === "image" ? "image" : "video";
}

/** The whole prompt of a task, or the preview a list carries. */
export function promptOf(task: AnyTask): string {
  const prompt = "request" in task.studio ? task.studio.request.prompt : task.studio.prompt;
  return typeof prompt === "string" ? prompt : "";
}
