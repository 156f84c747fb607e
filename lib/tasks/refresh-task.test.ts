import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type CannedAnswer, type FakeUpstream } from "../upstream/testing/fake-upstream";
import { presentTask } from "./present-task";
import { refreshTask } from "./refresh-task";
import { seedTask, taskTestbed } from "./testing/task-fixtures";

let upstream: FakeUpstream;
let answers: Record<string, CannedAnswer> = {};
let bed: ReturnType<typeof taskTestbed>;

beforeAll(async () => {
  upstream = await startFakeUpstream(({ path }) => {
    const id = decodeURIComponent(path.split("/").pop() ?? "");
    return answers[id] ?? { status: 404, json: { error: { message: `task ${id} not found` } } };
  });
  bed = taskTestbed();
  bed.deps.upstream = { baseUrl: upstream.url, apiKey: "test-key", timeoutMs: 2000 };
});
afterAll(async () => {
  await upstream.close();
  await bed.cleanup();
});
afterEach(() => {
  answers = {};
});

const queries = (id: string) => upstream.count(`/v2/model-center/tasks/${id}`, "GET");

describe("refreshTask throttle", () => {
  it("asks the upstream at most once per 5 s however many clients poll", async () => {
    await seedTask(bed.db, { id: "t-throttle", status: "queued" });
    answers["t-throttle"] = { json: { id: "t-throttle", status: "processing", progress: "45%" } };

    const many = await Promise.all(Array.from({ length: 10 }, () => refreshTask("t-throttle", bed.deps)));
    expect(queries("t-throttle")).toBe(1);
    expect(many.every((task) => task?.status === "processing" && task.progress === 45)).toBe(true);

    bed.advance(4_900);
    await refreshTask("t-throttle", bed.deps);
    expect(queries("t-throttle")).toBe(1);

    bed.advance(200);
    answers["t-throttle"] = { json: { id: "t-throttle", status: "processing", progress: 70 } };
    const later = await refreshTask("t-throttle", bed.deps);
    expect(queries("t-throttle")).toBe(2);
    expect(later?.progress).toBe(70);
  });

  it("answers null for unknown ids without asking the upstream", async () => {
    const before = upstream.requests.length;
    expect(await refreshTask("nobody", bed.deps)).toBeNull();
    expect(upstream.requests.length).toBe(before);
  });

  it("never polls a task that is already terminal", async () => {
    await seedTask(bed.db, { id: "t-done", status: "completed", progress: 100 });
    await refreshTask("t-done", bed.deps);
    expect(queries("t-done")).toBe(0);
  });
});

describe("refreshTask recording", () => {
  it("records a completed task with every result URL as deduplicated media", async () => {
    await seedTask(bed.db, { id: "t-ok", status: "processing", progress: 60 });
    answers["t-ok"] = {
      json: {
        id: "t-ok",
        object: "video",
        model: "sd_2.5_ORelay",
        created: 1_763_000_000,
        status: "completed",
        progress: 100,
        result_url: "https://cdn.example/t-ok/video.mp4?expires=1",
        video_url: "https://cdn.example/t-ok/video.mp4?expires=1",
        last_frame_url: "https://cdn.example/t-ok/last.png",
        upstream_url: "https://origin.example/t-ok.mp4",
        upstream_urls: [{ url: "https://origin.example/t-ok.mp4" }],
        amount: "0.50",
        actualDuration: "5",
        error: null,
        error_message: "",
      },
    };
    const task = (await refreshTask("t-ok", bed.deps))!;
    expect(task.status).toBe("completed");
    expect(task.finishedAt).not.toBeNull();
    expect(task.amount).toBe(0.5);
    expect(task.actualDuration).toBe(5);
    expect(task.upstreamCreated).toBe(1_763_000_000);
    expect(task.mediaState).toBe("pending");
    expect(task.media.map((m) => [m.role, m.fields, m.sourceUrl, m.status])).toEqual([
      ["result", "result_url,video_url", "https://cdn.example/t-ok/video.mp4?expires=1", "pending"],
      ["last_frame", "last_frame_url", "https://cdn.example/t-ok/last.png", "pending"],
      ["extra", "upstream_url,upstream_urls[0]", "https://origin.example/t-ok.mp4", "pending"],
    ]);

    // Until stored, clients get the upstream's URLs; the originals stay under upstream_result_urls.
    const shown = presentTask(task, "http://studio.test");
    expect(shown.video_url).toBe("https://cdn.example/t-ok/video.mp4?expires=1");
    expect(shown.upstream_result_urls).toEqual({
      result_url: "https://cdn.example/t-ok/video.mp4?expires=1",
      video_url: "https://cdn.example/t-ok/video.mp4?expires=1",
      last_frame_url: "https://cdn.example/t-ok/last.png",
    });
    expect(shown.upstream_urls).toEqual(["https://origin.example/t-ok.mp4"]);
    expect(shown.error_message).toBe("");

    // Stored copies replace them, pointing at the studio.
    const result = task.media[0];
    await bed.db.media.update({ where: { id: result.id }, data: { status: "stored", path: "x.mp4" } });
    const again = presentTask((await refreshTask("t-ok", bed.deps))!, "http://studio.test");
    expect(again.result_url).toBe(`http://studio.test/api/media/${result.id}`);
    expect(again.video_url).toBe(`http://studio.test/api/media/${result.id}`);
    expect(again.last_frame_url).toBe("https://cdn.example/t-ok/last.png");
    expect(again.studio.media[0]).toMatchObject({
      id: result.id,
      url: `http://studio.test/api/media/${result.id}`,
    });
  });

  it("records a failure with its message and no media", async () => {
    await seedTask(bed.db, { id: "t-fail", status: "processing" });
    answers["t-fail"] = {
      json: { id: "t-fail", status: "FAILED", error: { message: "content review failed" }, amount: 0 },
    };
    const task = (await refreshTask("t-fail", bed.deps))!;
    expect(task).toMatchObject({
      status: "failed",
      error: "content review failed",
      mediaState: "none",
      amount: 0,
    });
    expect(task.media).toEqual([]);
  });

  it("keeps an unknown status non-terminal and says so in the log", async () => {
    await seedTask(bed.db, { id: "t-odd", status: "processing", progress: 30 });
    answers["t-odd"] = { json: { id: "t-odd", status: "warming_up", progress: 20 } };
    const task = (await refreshTask("t-odd", bed.deps))!;
    expect(task.status).toBe("processing");
    expect(task.progress).toBe(30); // never runs backwards
    expect(bed.logs.some((l) => l.level === "warn" && l.text.includes('"warming_up"'))).toBe(true);
  });

  it("records upstream trouble on the task, backs off, and still answers", async () => {
    await seedTask(bed.db, { id: "t-down", status: "processing" });
    answers["t-down"] = { status: 503, text: "<html>maintenance</html>" };
    const task = (await refreshTask("t-down", bed.deps))!;
    expect(task.status).toBe("processing");
    expect(task.pollFailures).toBe(1);
    expect(task.lastPollError).toBe(
      'The upstream rejected the request (HTTP 503): "<html>maintenance</html>"',
    );
    expect(task.nextPollAt.getTime() - bed.now()).toBeGreaterThanOrEqual(8_000);

    bed.advance(5_000);
    answers["t-down"] = { json: { id: "t-down", status: "processing", progress: 10 } };
    const recovered = (await refreshTask("t-down", bed.deps))!;
    expect(recovered).toMatchObject({ pollFailures: 0, lastPollError: null, progress: 10 });
  });

  it("fails a task the upstream keeps saying it does not know", async () => {
    await seedTask(bed.db, { id: "t-lost", status: "queued" });
    let task;
    for (let i = 0; i < bed.deps.polling.lostAfter; i++) {
      task = await refreshTask("t-lost", bed.deps);
      bed.advance(5_000);
    }
    expect(task).toMatchObject({ status: "failed", pollFailures: bed.deps.polling.lostAfter });
    expect(task?.error).toContain("no longer knows this task: HTTP 404");
  });
});
