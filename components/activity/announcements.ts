import type { Activity, ActivityBatch, ActivityTask } from "@/lib/activity/types";
import type { Failure } from "@/lib/errors";
import { answerFailure } from "@/lib/failure-fields";
import type { AnnounceTranslator } from "./announce-translator";
import { reviewAnnouncements } from "./review-announcements";
import type { Announcement } from "./browser-notifications";

/** info: what others said or decided (comments, approvals). */
export type Tone = "success" | "error" | "info";
export type ActivityAnnouncement = Announcement & { tone: Tone };

function clip(text: string, length: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}

/** A kept failure in the page's language (components/i18n/use-failure-message.ts). */
export type SayFailure = (failure: Failure | null) => string;

function taskAnnouncement(
  t: AnnounceTranslator,
  task: ActivityTask,
  sayFailure: SayFailure,
): ActivityAnnouncement {
  const named = { kind: task.kind, model: task.model };
  const stored = task.media.find((m) => m.status === "stored");
  if (task.status !== "completed") {
    return {
      key: `task:${task.id}`,
      tone: "error",
      title: t("failed", named),
      // The upstream's own words as it wrote them, or the studio's sentence in the page's language.
      body: clip(sayFailure(answerFailure(task)) || t("failedBody"), 160),
      href: task.href,
    };
  }
  return {
    key: `task:${task.id}`,
    tone: stored ? "success" : "error",
    title: t(stored ? "ready" : "notStored", named),
    body: stored ? clip(task.prompt, 160) || t("openInGallery") : t("notStoredBody"),
    href: task.href,
    icon: stored ? `/api/media/${encodeURIComponent(stored.id)}/thumbnail` : undefined,
  };
}

function batchAnnouncement(t: AnnounceTranslator, batch: ActivityBatch): ActivityAnnouncement {
  return {
    key: `batch:${batch.id}`,
    tone: batch.failed > 0 ? "error" : "success",
    title: batch.title ? t("batchNamed", { name: clip(batch.title, 60) }) : t("batch"),
    body: t("batchBody", { completed: batch.completed, total: batch.total, failed: batch.failed }),
    href: batch.href,
  };
}

/** More tasks than this in one answer are announced as one summary, not one by one. */
const ONE_BY_ONE = 3;

/**
 * What one answer of /api/activity announces: each finished batch (its tasks are not announced one by
 * one) and each settled task once. `seen` holds the keys already announced (answers overlap, see
 * CURSOR_OVERLAP_MS) and gains the new ones; many tasks at once make a single summary. `t` words them
 * in the page's language (the `announce` messages).
 */
export function announcementsFrom(
  t: AnnounceTranslator,
  activity: Activity,
  seen: Set<string>,
  sayFailure: SayFailure = (failure) => failure?.message ?? "",
): ActivityAnnouncement[] {
  const fresh = (a: ActivityAnnouncement) => !seen.has(a.key);
  const batches = activity.batches.map((batch) => batchAnnouncement(t, batch)).filter(fresh);
  const tasks = activity.tasks.map((task) => taskAnnouncement(t, task, sayFailure)).filter(fresh);
  for (const a of [...batches, ...tasks]) seen.add(a.key);
  const review = reviewAnnouncements(t, activity, seen);
  const count = tasks.length + (tasks.length > 0 ? activity.moreTasks : 0);
  if (count <= ONE_BY_ONE) return [...batches, ...tasks, ...review];
  const failed = tasks.filter((t) => t.tone === "error").length;
  const summary: ActivityAnnouncement = {
    key: `tasks:${activity.cursor}`,
    tone: failed > 0 ? "error" : "success",
    title: t("tasksFinished", { count }),
    body: failed > 0 ? t("someFailed", { failed, count: tasks.length }) : t("seeInGallery"),
    href: "/gallery",
    icon: tasks.find((t) => t.icon)?.icon,
  };
  return [...batches, summary, ...review];
}
