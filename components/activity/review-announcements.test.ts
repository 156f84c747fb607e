import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zhCN from "@/messages/zh-CN.json";
import {
  quietActivity,
  type Activity,
  type ActivityApproval,
  type ActivityComment,
} from "@/lib/activity/types";
import { announcementsFrom } from "./announcements";
import { newReviewCount, titleWithCounts } from "./review-announcements";

const english = createTranslator({ locale: "en", messages: en, namespace: "announce" });
const chinese = createTranslator({ locale: "zh-CN", messages: zhCN as typeof en, namespace: "announce" });
const comment = (id: string, over: Partial<ActivityComment> = {}): ActivityComment => ({
  id,
  taskId: "v",
  parentId: null,
  author: { kind: "guest", name: "Gina" },
  excerpt: `text of ${id}`,
  atSeconds: 1.5,
  createdAt: "2026-11-26T12:00:00.000Z",
  href: `/gallery?item=v&comment=${id}`,
  ...over,
});

const approval = (id: string, over: Partial<ActivityApproval> = {}): ActivityApproval => ({
  id,
  collectionId: "c",
  collectionName: "Client cut",
  taskId: "v",
  status: "approved",
  by: "Gina",
  guest: true,
  createdAt: "2026-11-26T12:00:00.000Z",
  href: "/gallery?item=v",
  ...over,
});

const activity = (over: Partial<Activity>): Activity => ({
  ...quietActivity("2026-11-26T12:00:30.000Z", 0),
  ...over,
});

describe("review announcements", () => {
  it("announces one comment with who, the moment and a link that opens it", () => {
    expect(announcementsFrom(english, activity({ comments: [comment("c1")] }), new Set())).toEqual([
      {
        key: "comment:c1",
        tone: "info",
        title: "Gina (guest) commented at 0:01.5",
        body: "text of c1",
        href: "/gallery?item=v&comment=c1",
      },
    ]);
  });

  it("batches several comments of one answer into one toast that opens the newest, once", () => {
    const seen = new Set<string>();
    const answer = activity({
      comments: [comment("c3", { parentId: "c1", author: { kind: "user", name: "Ada" } }), comment("c2")],
      moreComments: 1,
    });
    expect(newReviewCount(answer, seen)).toBe(3);
    expect(announcementsFrom(english, answer, seen)).toEqual([
      {
        key: "comments:2026-11-26T12:00:30.000Z",
        tone: "info",
        title: "3 new comments",
        body: "Latest: Ada replied at 0:01.5: text of c3",
        href: "/gallery?item=v&comment=c3",
      },
    ]);
    // The next answer overlaps: nothing is announced twice.
    expect(newReviewCount(answer, seen)).toBe(0);
    expect(announcementsFrom(english, { ...answer, cursor: "later" }, seen)).toEqual([]);
  });

  it("announces approval changes, several as one", () => {
    expect(announcementsFrom(english, activity({ approvals: [approval("a1")] }), new Set())).toEqual([
      {
        key: "approval:a1",
        tone: "info",
        title: "Approved · Client cut",
        body: "Set by Gina (guest).",
        href: "/gallery?item=v",
      },
    ]);
    const many = announcementsFrom(
      english,
      activity({
        approvals: [approval("a3", { status: "rejected", by: "Bob", guest: false }), approval("a2")],
      }),
      new Set(),
    );
    expect(many).toMatchObject([
      { title: "2 approval changes", tone: "error", body: "Latest: Rejected · Client cut. Set by Bob." },
    ]);
  });

  it("puts the counts of unseen news and running tasks in front of the tab title, in its language", () => {
    const base = "Gallery · Model Studio";
    expect(titleWithCounts(english, base, { unseen: 2, running: 1 })).toBe(
      "(2 new) (1 running) Gallery · Model Studio",
    );
    expect(titleWithCounts(english, base, { unseen: 0, running: 3 })).toBe(
      "(3 running) Gallery · Model Studio",
    );
    expect(titleWithCounts(english, base, { unseen: 0, running: 0 })).toBe(base);
    expect(titleWithCounts(chinese, "图库 · 模型工作室", { unseen: 1, running: 2 })).toBe(
      "(1 条新消息) (2 个运行中) 图库 · 模型工作室",
    );
  });

  it("words comments and approvals in Chinese", () => {
    const answer = activity({
      comments: [comment("c1")],
      approvals: [approval("a1", { status: "rejected" })],
    });
    expect(announcementsFrom(chinese, answer, new Set()).map((a) => [a.title, a.body])).toEqual([
      ["Gina（访客） 在 0:01.5 处发表了评论", "text of c1"],
      ["已拒绝 · Client cut", "由 Gina（访客） 设置。"],
    ]);
  });
});
