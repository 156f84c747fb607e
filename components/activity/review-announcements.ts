import type { Activity, ActivityApproval, ActivityComment } from "@/lib/activity/types";
import { APPROVAL_STATUSES, type ApprovalStatus } from "@/lib/approvals/statuses";
import { formatMoment } from "@/lib/comments/format-moment";
import type { AnnounceTranslator } from "./announce-translator";
import type { ActivityAnnouncement } from "./announcements";

const person = (t: AnnounceTranslator, name: string, guest: boolean) => (guest ? t("guest", { name }) : name);

function commentAnnouncement(t: AnnounceTranslator, c: ActivityComment): ActivityAnnouncement {
  const who = person(t, c.author.name, c.author.kind === "guest");
  const title =
    c.atSeconds !== null
      ? t(c.parentId ? "repliedAt" : "commentedAt", { who, moment: formatMoment(c.atSeconds) })
      : t(c.parentId ? "replied" : "commented", { who });
  return {
    key: `comment:${c.id}`,
    tone: "info",
    title,
    body: c.excerpt,
    href: c.href,
  };
}

function approvalAnnouncement(t: AnnounceTranslator, a: ActivityApproval): ActivityAnnouncement {
  const known = (APPROVAL_STATUSES as readonly string[]).includes(a.status);
  const status = known ? t(`status.${a.status as ApprovalStatus}`) : a.status;
  return {
    key: `approval:${a.id}`,
    tone: a.status === "rejected" || a.status === "changes_requested" ? "error" : "info",
    title: t("approval", { status, collection: a.collectionName }),
    body: t("setBy", { who: person(t, a.by, a.guest) }),
    href: a.href,
  };
}

/**
 * Comments, replies and approval changes by others, each announced once (`seen`). Like tasks, several
 * in one answer become one toast ("3 new comments"), which opens the newest.
 */
export function reviewAnnouncements(
  t: AnnounceTranslator,
  activity: Activity,
  seen: Set<string>,
): ActivityAnnouncement[] {
  const fresh = (a: ActivityAnnouncement) => !seen.has(a.key);
  const comments = (activity.comments ?? []).map((c) => commentAnnouncement(t, c)).filter(fresh);
  const approvals = (activity.approvals ?? []).map((a) => approvalAnnouncement(t, a)).filter(fresh);
  for (const a of [...comments, ...approvals]) seen.add(a.key);
  const out: ActivityAnnouncement[] = [];
  const commentCount = comments.length + (comments.length > 0 ? (activity.moreComments ?? 0) : 0);
  if (commentCount === 1) out.push(comments[0]!);
  else if (commentCount > 1) {
    out.push({
      key: `comments:${activity.cursor}`,
      tone: "info",
      title: t("comments", { count: commentCount }),
      body: t("latestComment", { title: comments[0]!.title, body: comments[0]!.body }),
      href: comments[0]!.href,
    });
  }
  if (approvals.length === 1) out.push(approvals[0]!);
  else if (approvals.length > 1) {
    out.push({
      key: `approvals:${activity.cursor}`,
      tone: approvals.some((a) => a.tone === "error") ? "error" : "info",
      title: t("approvals", { count: approvals.length }),
      body: t("latestApproval", { title: approvals[0]!.title, body: approvals[0]!.body }),
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

/**
 * The tab title with its counts in front: "(1 new) (2 running) Gallery · Model Studio" — the review
 * news waiting unseen in a hidden tab, then the tasks running. `base` is the page's own title.
 */
export function titleWithCounts(
  t: AnnounceTranslator,
  base: string,
  counts: { running: number; unseen: number },
): string {
  const prefixes = [
    counts.unseen > 0 ? t("titleNew", { count: counts.unseen }) : null,
    counts.running > 0 ? t("titleRunning", { count: counts.running }) : null,
  ];
  return [...prefixes.filter((p) => p !== null), base].join(" ");
}
