import { afterEach, describe, expect, it, vi } from "vitest";
import { serverLog } from "../log";
import {
  normalizeCreated,
  normalizeProgress,
  normalizeStatus,
  normalizeTask,
  toNumber,
} from "./normalize-task";

describe("normalizeProgress", () => {
  it.each([
    [45, 45],
    ["45", 45],
    ["45%", 45],
    [" 45.5 % ", 45.5],
    [0.45, 45],
    ["0.45", 45],
    ["0.5%", 0.5],
    [1, 1],
    [0, 0],
    [100, 100],
    [130, 100],
    [-3, 0],
    ["abc", null],
    [null, null],
    [undefined, null],
    [{}, null],
    [Number.NaN, null],
  ])("%j → %j", (input, expected) => {
    expect(normalizeProgress(input)).toBe(expected);
  });
});

describe("toNumber", () => {
  it.each([
    [0.35, 0.35],
    ["0.35", 0.35],
    ["5", 5],
    ["5s", 5],
    ["5.04 s", 5.04],
    ["1,234.5", 1234.5],
    [".5", 0.5],
    ["", null],
    ["five", null],
    ["5 5", null],
    [true, null],
  ])("%j → %j", (input, expected) => {
    expect(toNumber(input)).toBe(expected);
  });
});

describe("normalizeStatus", () => {
  it.each([
    ["queued", "queued"],
    ["PENDING", "queued"],
    ["In Progress", "processing"],
    ["in-progress", "processing"],
    ["running", "processing"],
    ["SUCCEEDED", "completed"],
    ["success", "completed"],
    ["Completed", "completed"],
    ["failure", "failed"],
    ["cancelled", "failed"],
    ["mystery", undefined],
    [3, undefined],
  ])("%j → %j", (input, expected) => {
    expect(normalizeStatus(input)).toBe(expected);
  });
});

describe("normalizeCreated", () => {
  it("reads seconds, milliseconds, strings and ISO dates", () => {
    expect(normalizeCreated(1_763_000_000)).toBe(1_763_000_000);
    expect(normalizeCreated(1_763_000_000_123)).toBe(1_763_000_000);
    expect(normalizeCreated("1763000000")).toBe(1_763_000_000);
    expect(normalizeCreated("2025-11-13T02:13:20Z")).toBe(1_763_000_000);
    expect(normalizeCreated("yesterday")).toBeNull();
  });
});

describe("normalizeTask", () => {
  it("reads a completed sd_2.5_ORelay answer with every result field", () => {
    const task = normalizeTask({
      id: "t1",
      object: "video",
      model: "sd_2.5_ORelay",
      created: 1_763_000_000,
      status: "completed",
      progress: "99",
      result_url: "https://cdn.example/v.mp4?sig=1",
      video_url: "https://cdn.example/v.mp4?sig=1",
      last_frame_url: "https://cdn.example/last.png",
      upstream_url: "https://origin.example/v.mp4",
      upstream_urls: ["https://origin.example/v.mp4", { url: "https://origin.example/v2.mp4" }, "not a url"],
      amount: "0.35",
      actualDuration: "5",
      error: null,
      error_message: "",
    });
    expect(task.status).toBe("completed");
    expect(task.progress).toBe(100);
    expect(task.amount).toBe(0.35);
    expect(task.actualDuration).toBe(5);
    expect(task.error).toBeNull();
    expect(task.urlFields.upstream_urls).toEqual([
      "https://origin.example/v.mp4",
      "https://origin.example/v2.mp4",
    ]);
    expect(task.resultUrls).toEqual([
      { url: "https://cdn.example/v.mp4?sig=1", role: "result", fields: ["result_url", "video_url"] },
      { url: "https://cdn.example/last.png", role: "last_frame", fields: ["last_frame_url"] },
      { url: "https://origin.example/v.mp4", role: "extra", fields: ["upstream_url", "upstream_urls[0]"] },
      { url: "https://origin.example/v2.mp4", role: "extra", fields: ["upstream_urls[1]"] },
    ]);
  });

  it("treats media_url as the result only when no typed result URL exists", () => {
    const alone = normalizeTask({ id: "a", status: "completed", media_url: "https://x.example/m.mp4" });
    expect(alone.resultUrls).toEqual([
      { url: "https://x.example/m.mp4", role: "result", fields: ["media_url"] },
    ]);
    const same = normalizeTask({
      id: "b",
      status: "completed",
      video_url: "https://x.example/m.mp4",
      media_url: "https://x.example/m.mp4",
    });
    expect(same.resultUrls).toEqual([
      { url: "https://x.example/m.mp4", role: "result", fields: ["video_url", "media_url"] },
    ]);
    const other = normalizeTask({
      id: "c",
      status: "completed",
      video_url: "https://x.example/v.mp4",
      media_url: "https://x.example/m.mp4",
    });
    expect(other.resultUrls[1]).toEqual({
      url: "https://x.example/m.mp4",
      role: "extra",
      fields: ["media_url"],
    });
  });

  it("accepts upstream_urls as a JSON string or a lone string", () => {
    expect(
      normalizeTask({ id: "a", upstream_urls: '["https://a.example/1"]' }).urlFields.upstream_urls,
    ).toEqual(["https://a.example/1"]);
    expect(normalizeTask({ id: "a", upstream_urls: "https://a.example/2" }).urlFields.upstream_urls).toEqual([
      "https://a.example/2",
    ]);
  });

  it("ignores URLs that are not http(s)", () => {
    const task = normalizeTask({
      id: "a",
      status: "completed",
      result_url: "data:image/png;base64,AAAA",
      image_url: "ftp://x/y",
    });
    expect(task.resultUrls).toEqual([]);
  });

  it.each([
    [{ error: "content review failed" }, "content review failed"],
    [{ error: { message: "quota exceeded", code: "E1" } }, "quota exceeded"],
    [{ error: null, error_message: "audio too short" }, "audio too short"],
    [{ error: "", error_message: "" }, "The upstream reported the task as failed without a message."],
    [{ error: { code: 1234 } }, "Error 1234"],
  ])("reads the failure message of %j", (fields, message) => {
    expect(normalizeTask({ id: "f", status: "failed", ...fields }).error).toBe(message);
  });

  it("keeps an unknown status as undefined with the raw value", () => {
    const task = normalizeTask({ id: "u", status: "warming_up", progress: 3 });
    expect(task.status).toBeUndefined();
    expect(task.rawStatus).toBe("warming_up");
    expect(task.progress).toBe(3);
  });
});

describe("unparseable numbers", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are logged once each with the field and the raw value, and read as unknown", () => {
    const warn = vi.spyOn(serverLog, "warn").mockImplementation(() => undefined);
    const task = {
      id: "t",
      status: "processing",
      progress: "about half",
      amount: { usd: 1 },
      actual_duration: "",
    };
    for (let i = 0; i < 3; i++) {
      expect(normalizeTask(task)).toMatchObject({ progress: null, amount: null, actualDuration: null });
    }
    expect(warn.mock.calls.map((call) => call.join(" "))).toEqual([
      '[upstream] unparseable progress "about half"; keeping the previous value.',
      '[upstream] unparseable amount {"usd":1}; keeping the previous value.',
    ]);
  });
});
