import { createTranslator } from "next-intl";
import { inChinese } from "@/lib/testing/zh-failure";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zhCN from "@/messages/zh-CN.json";
import { quietActivity, type Activity, type ActivityTask } from "@/lib/activity/types";
import { announcementsFrom } from "./announcements";

const english = createTranslator({ locale: "en", messages: en, namespace: "announce" });
const chinese = createTranslator({ locale: "zh-CN", messages: zhCN as typeof en, namespace: "announce" });
function task(id: string, overrides: Partial<ActivityTask> = {}): ActivityTask {
  return {
    id,
    model: "vendors_5.0Pro",
    v1Family: null,
    kind: "image",
    status: "completed",
    mediaState: "stored",
    expired: false,
    prompt: `prompt of ${id}`,
    promptTruncated: false,
    favorite: false,
    rating: null,
    tags: [],
    submittedAt: "2026-11-23T10:00:00.000Z",
    error: null,
    errorCode: null,
    errorParams: null,
    media: [
      {
        id: `m-${id}`,
        role: "result",
        contentType: "image/png",
        size: 10,
        status: "stored",
        url: `/api/media/m-${id}`,
        thumbnailUrl: null,
        width: 1,
        height: 1,
        durationSec: null,
      },
    ],
    settledAt: "2026-11-23T10:01:00.000Z",
    href: `/gallery?item=${id}`,
    ...overrides,
  };
}

const activity = (over: Partial<Activity>): Activity => ({
  ...quietActivity("2026-11-23T10:00:30.000Z", 0),
  ...over,
});

describe("announcements", () => {
  it("announces a stored result with its thumbnail, and a failure with its error", () => {
    const failed = task("b", { status: "failed", media: [], error: "content review", href: "/?task=b" });
    expect(announcementsFrom(english, activity({ tasks: [task("a"), failed] }), new Set())).toEqual([
      {
        key: "task:a",
        tone: "success",
        title: "Image ready · vendors_5.0Pro",
        body: "prompt of a",
        href: "/gallery?item=a",
        icon: "/api/media/m-a/thumbnail",
      },
      {
        key: "task:b",
        tone: "error",
        title: "Image failed · vendors_5.0Pro",
        body: "content review",
        href: "/?task=b",
      },
    ]);
  });

  it("announces each key once across overlapping answers", () => {
    const seen = new Set<string>();
    expect(announcementsFrom(english, activity({ tasks: [task("a")] }), seen)).toHaveLength(1);
    expect(announcementsFrom(english, activity({ tasks: [task("a")] }), seen)).toEqual([]);
    expect(
      announcementsFrom(english, activity({ tasks: [task("c"), task("a")] }), seen).map((a) => a.key),
    ).toEqual(["task:c"]);
  });

  it("says when a completed task's file could not be stored", () => {
    const lost = task("d", { mediaState: "expired", media: [{ ...task("d").media[0], status: "expired" }] });
    expect(announcementsFrom(english, activity({ tasks: [lost] }), new Set())[0]).toMatchObject({
      tone: "error",
      title: "Image finished but not stored · vendors_5.0Pro",
      icon: undefined,
    });
  });

  it("sums up many tasks at once in one announcement, and names a finished batch", () => {
    const seen = new Set<string>();
    const many = activity({
      tasks: ["a", "b", "c", "d"].map((id) => task(id)),
      moreTasks: 6,
      batches: [{ id: "k", title: "Kites", total: 3, completed: 2, failed: 1, href: "/batches/k" }],
    });
    expect(announcementsFrom(english, many, seen)).toEqual([
      {
        key: "batch:k",
        tone: "error",
        title: "Batch “Kites” finished",
        body: "2 of 3 completed, 1 did not.",
        href: "/batches/k",
      },
      {
        key: `tasks:${many.cursor}`,
        tone: "success",
        title: "10 tasks finished",
        body: "See them in the gallery.",
        href: "/gallery",
        icon: "/api/media/m-a/thumbnail",
      },
    ]);
    // The summed-up tasks count as announced.
    expect(announcementsFrom(english, activity({ tasks: [task("a")] }), seen)).toEqual([]);
  });

  it("speaks the page's language: a ready task and a batch in Chinese", () => {
    const answer = activity({
      tasks: [task("a", { kind: "video" })],
      batches: [{ id: "k", title: "Kites", total: 3, completed: 2, failed: 1, href: "/batches/k" }],
    });
    expect(announcementsFrom(chinese, answer, new Set()).map((a) => [a.title, a.body])).toEqual([
      ["批量任务“Kites”已结束", "3 个中已完成 2 个，1 个未完成。"],
      ["视频已就绪 · vendors_5.0Pro", "prompt of a"],
    ]);
  });

  it("words the studio's own failure sentence in the page's language, and keeps the upstream's words", () => {
    const lost = task("l", {
      status: "failed",
      media: [],
      error: "The upstream no longer knows this task: HTTP 404 on 12 queries in a row over 31 minutes.",
      errorCode: "tracker_upstream_lost",
      errorParams: { upstreamStatus: "404", queries: 12, minutes: 31 },
    });
    const upstream = task("u", {
      status: "failed",
      media: [],
      error: "content review",
      errorCode: "task_upstream_failed",
    });
    const bodies = announcementsFrom(
      chinese,
      activity({ tasks: [lost, upstream] }),
      new Set(),
      inChinese,
    ).map((a) => a.body);
    expect(bodies).toEqual([
      "上游已不再识别此任务：连续 12 次查询均返回 HTTP 404，历时 31 分钟。",
      "content review",
    ]);
  });
});
