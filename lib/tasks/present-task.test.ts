import { describe, expect, it } from "vitest";
import { answerFailure } from "../failure-fields";
import { presentTask } from "./present-task";
import { inChinese } from "../testing/zh-failure";
import type { TaskWithMedia } from "./load-task";

const secrets = {
  baseUrl: "http://10.0.0.5:4010/api",
  llmBaseUrl: "http://10.0.0.5:4011",
  apiKey: "k-123456789",
};

describe("presentTask", () => {
  const at = new Date("2026-11-21T10:00:00.000Z");
  const task: TaskWithMedia = {
    id: "t1",
    model: "sd_2.5_ORelay",
    kind: "video",
    status: "completed",
    progress: 100,
    prompt: "a fox",
    request: JSON.stringify({ model: "sd_2.5_ORelay", prompt: "a fox" }),
    upstreamTask: JSON.stringify({ id: "t1", object: "video", secret_field: "x", error_message: "" }),
    upstreamUrls: JSON.stringify({
      result_url: "http://10.0.0.5:4010/api/files/t1/video.mp4?expires=9",
      video_url: "http://10.0.0.5:4010/api/files/t1/video.mp4?expires=9",
      upstream_urls: ["https://origin.example/t1.mp4"],
    }),
    amount: 0.5,
    actualDuration: 5,
    error: null,
    errorCode: null,
    errorParams: null,
    upstreamCreated: null,
    submittedAt: at,
    startedAt: at,
    finishedAt: at,
    lastPolledAt: at,
    nextPollAt: at,
    pollFailures: 0,
    lastPollError: null,
    lastPollErrorCode: null,
    lastPollErrorParams: null,
    notFoundCount: 0,
    notFoundSince: null,
    mediaState: "stored",
    settledAt: new Date("2026-01-01T00:01:00Z"),
    favorite: false,
    rating: null,
    notes: "",
    updatedAt: at,
    batchId: null,
    batchItemId: null,
    sequenceShotId: null,
    userId: null,
    v1Family: null,
    pollLeaseUntil: null,
    media: [
      {
        id: "m1",
        taskId: "t1",
        role: "result",
        fields: "result_url,video_url",
        sourceUrl: "http://10.0.0.5:4010/api/files/t1/video.mp4?expires=9",
        status: "stored",
        path: "tasks/t1/m1.mp4",
        contentType: "video/mp4",
        size: 1234,
        sha256: "ab",
        width: 320,
        height: 180,
        durationSec: 2,
        thumbPath: "thumbs/m1.webp",
        error: null,
        errorCode: null,
        errorParams: null,
        attempts: 1,
        nextAttemptAt: at,
        expiresAt: null,
        leaseUntil: null,
        storedAt: at,
        createdAt: at,
      },
    ],
  };

  it("points result fields at the stored copy and hides the configured base", () => {
    const shown = presentTask(task, "https://studio.example", secrets);
    expect(shown).toEqual({
      id: "t1",
      object: "video",
      model: "sd_2.5_ORelay",
      status: "completed",
      progress: 100,
      amount: 0.5,
      actualDuration: 5,
      error: null,
      errorCode: null,
      errorParams: null,
      created: Math.floor(at.getTime() / 1000),
      result_url: "https://studio.example/api/media/m1",
      video_url: "https://studio.example/api/media/m1",
      upstream_urls: ["https://origin.example/t1.mp4"],
      error_message: "",
      upstream_result_urls: {
        result_url: "{base_url}/files/t1/video.mp4?expires=9",
        video_url: "{base_url}/files/t1/video.mp4?expires=9",
      },
      studio: {
        submittedAt: at.toISOString(),
        startedAt: at.toISOString(),
        finishedAt: at.toISOString(),
        mediaState: "stored",
        request: { model: "sd_2.5_ORelay", prompt: "a fox" },
        lastPollError: null,
        lastPollErrorCode: null,
        lastPollErrorParams: null,
        awaitingResultUrls: false,
        media: [
          {
            id: "m1",
            role: "result",
            status: "stored",
            fields: ["result_url", "video_url"],
            contentType: "video/mp4",
            size: 1234,
            sha256: "ab",
            width: 320,
            height: 180,
            durationSec: 2,
            url: "https://studio.example/api/media/m1",
            thumbnailUrl: "https://studio.example/api/media/m1/thumbnail",
            error: null,
            errorCode: null,
            errorParams: null,
            storedAt: at.toISOString(),
            retryable: false,
          },
        ],
      },
    });
    expect(JSON.stringify(shown)).not.toContain("10.0.0.5");
  });

  it("masks what a failure's params name as it masks its sentence, for each audience", () => {
    const failed: TaskWithMedia = {
      ...task,
      status: "failed",
      media: [
        {
          ...task.media[0],
          status: "failed",
          path: null,
          error: "Could not fetch the upstream URL (connect ECONNREFUSED 10.0.0.9:9000).",
          errorCode: "download_fetch_failed",
          errorParams: JSON.stringify({ reason: "connect ECONNREFUSED 10.0.0.9:9000" }),
        },
      ],
    };
    const member = presentTask(failed, "https://studio.example", secrets, at.getTime(), "member");
    expect(member.studio.media[0]).toMatchObject({
      error: "Could not fetch the upstream URL (connection refused {internal address}).",
      errorCode: "download_fetch_failed",
      errorParams: { reason: "connection refused {internal address}" },
    });
    expect(inChinese(answerFailure(member.studio.media[0]))).toBe(
      "无法获取上游 URL（connection refused {internal address}）。",
    );
    const admin = presentTask(failed, "https://studio.example", secrets, at.getTime(), "admin");
    expect(admin.studio.media[0].errorParams).toEqual({ reason: "connect ECONNREFUSED 10.0.0.9:9000" });
  });

  it("answers a failure kept before codes with code text, shown as written in every language", () => {
    const old: TaskWithMedia = { ...task, status: "failed", error: "Generation failed (written in 2025)." };
    const shown = presentTask(old, "https://studio.example", secrets);
    expect(shown).toMatchObject({ errorCode: "text", errorParams: null });
    expect(inChinese(answerFailure(shown))).toBe("Generation failed (written in 2025).");
  });
});
