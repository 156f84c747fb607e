import type { Activity, ActivityBatch, ActivityTask } from "@/lib/activity/types";
import { reviewAnnouncements } from "./review-announcements";
import type { Announcement } from "./browser-notifications";

/** info: what others said or decided (comments, approvals). */
export type Tone = "success" | "error" | "info";
export type ActivityAnnouncement = Announcement & { tone: Tone };

const KIND_LABEL: Record<string, string> = { image: "Image", video: "Video" };

function clip(text: string, length: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}

function taskAnnouncement(task: ActivityTask): ActivityAnnouncement {
  const kind = KIND_LABEL[task.kind] ?? "Task";
  const stored = task.media.find((m) => m.status === "stored");
  if (task.status !== "completed") {
    return {
      key: `task:${task.id}`,
      tone: "error",
      title: `${kind} failed · ${task.model}`,
      body: clip(task.error ?? "The upstream reported a failure.", 160),
      href: task.href,
    };
  }
  return {
    key: `task:${task.id}`,
    tone: stored ? "success" : "error",
    title: stored ? `${kind} ready · ${task.model}` : `${kind} finished but not stored · ${task.model}`,
    body: stored
      ? clip(task.prompt, 160) || "Open it in the gallery."
      : "The upstream finished, but its file could not be downloaded: open the item to see why.",
    href: task.href,
    icon: stored ? `/api/media/${encodeURIComponent(stored.id)}/thumbnail` : undefined,
  };
}

function batchAnnouncement(batch: ActivityBatch): ActivityAnnouncement {
  const name = batch.title ? `“${clip(batch.title, 60)}”` : "";
  return {
    key: `batch:${batch.id}`,
    tone: batch.failed > 0 ? "error" : "success",
    title: name ? `Batch ${name} finished` : "Batch finished",
    body: `${batch.completed} of ${batch.total} completed${batch.failed > 0 ? `, ${batch.failed} did not` : ""}.`,
    href: batch.href,
  };
}

/** More tasks than this in one answer are announced as one summary, not one by one. */
const ONE_BY_ONE = 3;

/**
 * What one answer of /api/activity announces: each finished batch (its tasks are not announced one by
 * one) and each settled task once. `seen` holds the keys already announced (answers overlap, see
 * CURSOR_OVERLAP_MS) and gains the new ones; many tasks at once make a single summary.
 */
export function announcementsFrom(activity: Activity, seen: Set<string>): ActivityAnnouncement[] {
  const fresh = (a: ActivityAnnouncement) => !seen.has(a.key);
  const batches = activity.batches.map(batchAnnouncement).filter(fresh);
  const tasks = activity.tasks.map(taskAnnouncement).filter(fresh);
  for (const a of [...batches, ...tasks]) seen.add(a.key);
  const review = reviewAnnouncements(activity, seen);
  const count = tasks.length + (tasks.length > 0 ? activity.moreTasks : 0);
  if (count <= ONE_BY_ONE) return [...batches, ...tasks, ...review];
  const failed = tasks.filter((t) => t.tone === "error").length;
  const summary: ActivityAnnouncement = {
    key: `tasks:${activity.cursor}`,
    tone: failed > 0 ? "error" : "success",
    title: `${count} tasks finished`,
    body:
      failed > 0 ? `${failed} of the latest ${tasks.length} did not complete.` : "See them in the gallery.",
    href: "/gallery",
    icon: tasks.find((t) => t.icon)?.icon,
  };
  return [...batches, summary, ...review];
}
