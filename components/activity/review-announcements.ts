import type { Activity, ActivityApproval, ActivityComment } from "@/lib/activity/types";
import { APPROVAL_LABELS, type ApprovalStatus } from "@/lib/approvals/statuses";
import { formatMoment } from "@/lib/comments/format-moment";
import type { ActivityAnnouncement } from "./announcements";

const who = (author: { kind: string; name: string }) =>
  author.kind === "guest" ? `${author.name} (guest)` : author.name;

function commentAnnouncement(c: ActivityComment): ActivityAnnouncement {
  const verb = c.parentId ? "replied" : "commented";
  const moment = c.atSeconds !== null ? ` at ${formatMoment(c.atSeconds)}` : "";
  return {
    key: `comment:${c.id}`,
    tone: "info",
    title: `${who(c.author)} ${verb}${moment}`,
    body: c.excerpt,
    href: c.href,
  };
}

function approvalAnnouncement(a: ActivityApproval): ActivityAnnouncement {
  const label = APPROVAL_LABELS[a.status as ApprovalStatus] ?? a.status;
  return {
    key: `approval:${a.id}`,
    tone: a.status === "rejected" || a.status === "changes_requested" ? "error" : "info",
    title: `${label} · ${a.collectionName}`,
    body: `Set by ${a.guest ? `${a.by} (guest)` : a.by}.`,
    href: a.href,
  };
}

/**
 * Comments, replies and approval changes by others, each announced once (`seen`). Like tasks, several
 * in one answer become one toast ("3 new comments"), which opens the newest.
 */
export function reviewAnnouncements(activity: Activity, seen: Set<string>): ActivityAnnouncement[] {
  const fresh = (a: ActivityAnnouncement) => !seen.has(a.key);
  const comments = (activity.comments ?? []).map(commentAnnouncement).filter(fresh);
  const approvals = (activity.approvals ?? []).map(approvalAnnouncement).filter(fresh);
  for (const a of [...comments, ...approvals]) seen.add(a.key);
  const out: ActivityAnnouncement[] = [];
  const commentCount = comments.length + (comments.length > 0 ? (activity.moreComments ?? 0) : 0);
  if (commentCount === 1) out.push(comments[0]!);
  else if (commentCount > 1) {
    out.push({
      key: `comments:${activity.cursor}`,
      tone: "info",
      title: `${commentCount} new comments`,
      body: `Latest: ${comments[0]!.title}: ${comments[0]!.body}`,
      href: comments[0]!.href,
    });
  }
  if (approvals.length === 1) out.push(approvals[0]!);
  else if (approvals.length > 1) {
    out.push({
      key: `approvals:${activity.cursor}`,
      tone: approvals.some((a) => a.tone === "error") ? "error" : "info",
      title: `${approvals.length} approval changes`,
      body: `Latest: ${approvals[0]!.title}. ${approvals[0]!.body}`,
      href: approvals[0]!.href,
    });
  }
  return out;
}

/** How many comments and approval changes of an answer are new (before announcing marks them seen). */
export function newReviewCount(activity: Activity, seen: Set<string>): number {
  const comments = (activity.comments ?? []).filter((c) => !seen.has(`comment:${c.id}`)).length;
  const approvals = (activity.approvals ?? []).filter((a) => !seen.has(`approval:${a.id}`)).length;
  return comments + (comments > 0 ? (activity.moreComments ?? 0) : 0) + approvals;
}

const NEW_PREFIX = /^\(\d+ new\) /;

/** The tab title with "(n new)" in front while review news waits unseen (a hidden tab). */
export function titleWithNew(title: string, count: number): string {
  const base = title.replace(NEW_PREFIX, "");
  return count > 0 ? `(${count} new) ${base}` : base;
}
