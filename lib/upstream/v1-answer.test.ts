import { describe, expect, it } from "vitest";
import { normalizeTask } from "./normalize-task";
import { fromV1Answer } from "./v1-answer";

/** A v1 answer as the studio reads it after the translation. */
const read = (answer: Record<string, unknown>) => normalizeTask({ id: "v1-task", ...fromV1Answer(answer) });

describe("v1 answers (shape not shown): every common layout", () => {
  it("reads the spec's four statuses and the usual alternatives", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ status: "queued" }, "queued"],
      [{ status: "in_progress" }, "processing"],
      [{ status: "processing" }, "processing"],
      [{ state: "running" }, "processing"],
      [{ status: "succeeded", url: "https://cdn.example.com/v.mp4" }, "completed"],
      [{ status: "completed", video_url: "https://cdn.example.com/v.mp4" }, "completed"],
      [{ status: "cancelled" }, "failed"],
      [{ status: "failed", error: { code: "moderation", message: "blocked by review" } }, "failed"],
    ];
    for (const [answer, status] of cases) expect(read(answer).status, JSON.stringify(answer)).toBe(status);
  });

  it("takes the failure message from an error object, a string or failure_reason", () => {
    expect(read({ status: "failed", error: { code: "x", message: "blocked by review" } }).error).toBe(
      "blocked by review",
    );
    expect(read({ status: "failed", error: "quota exceeded" }).error).toBe("quota exceeded");
    expect(read({ status: "failed", error: null, failure_reason: "timeout upstream" }).error).toBe(
      "timeout upstream",
    );
    expect(read({ status: "failed" }).error).toMatch(/without a message/);
  });

  it("finds the result URL wherever the layouts put it", () => {
    const url = "https://cdn.example.com/out.mp4";
    const layouts: Record<string, unknown>[] = [
      { video_url: url },
      { result_url: url },
      { url },
      { output: url },
      { output: [url] },
      { output: { url } },
      { result: { video_url: url } },
      { data: [{ url }] },
      { videos: [{ url }] },
      { generations: [{ video: { url } }] },
      { content: { video_url: url } },
    ];
    for (const layout of layouts) {
      const task = read({ status: "succeeded", ...layout });
      expect(task.resultUrls[0], JSON.stringify(layout)).toMatchObject({ url, role: "result" });
    }
  });

  it("keeps every file of a multi-file answer and reads created_at and progress", () => {
    const task = read({
      status: "in_progress",
      created_at: 1_763_000_000,
      progress: 45,
      output: ["https://cdn.example.com/a.mp4", "https://cdn.example.com/b.mp4"],
    });
    expect(task).toMatchObject({ created: 1_763_000_000, progress: 45 });
    expect(task.resultUrls.map((r) => r.url)).toEqual([
      "https://cdn.example.com/a.mp4",
      "https://cdn.example.com/b.mp4",
    ]);
  });

  it("ignores what is not an http(s) URL", () => {
    expect(read({ status: "succeeded", output: "file:///etc/passwd" }).resultUrls).toEqual([]);
    expect(read({ status: "succeeded", data: { url: "javascript:alert(1)" } }).resultUrls).toEqual([]);
  });
});
