import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type CannedAnswer, type FakeUpstream } from "../upstream/testing/fake-upstream";
import { presentTask } from "./present-task";
import { refreshTask } from "./refresh-task";
import { seedTask, taskTestbed } from "./testing/task-fixtures";
import { rowInChinese } from "../testing/zh-failure";

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
    // The upstream's own words: coded as such, and shown as written in every language.
    expect(task).toMatchObject({ errorCode: "task_upstream_failed", errorParams: null });
    expect(rowInChinese(task)).toBe("content review failed");
  });

  it("words a failure the upstream gave no reason for in the page's language", async () => {
    await seedTask(bed.db, { id: "t-silent", status: "processing" });
    answers["t-silent"] = { json: { id: "t-silent", status: "failed", error_message: "" } };
    const task = (await refreshTask("t-silent", bed.deps))!;
    expect(task).toMatchObject({
      status: "failed",
      error: "The upstream reported the task as failed without a message.",
      errorCode: "task_failed_without_message",
    });
    expect(rowInChinese(task)).toBe("上游报告任务失败，但没有给出原因。");
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
    // A Chinese page words it from its code, the upstream's own words after.
    expect(task.lastPollErrorCode).toBe("upstream_rejected");
    expect(rowInChinese(task, "lastPollError")).toMatch(/^上游.*503.*<html>maintenance<\/html>/);
    expect(task.nextPollAt.getTime() - bed.now()).toBeGreaterThanOrEqual(8_000);

    // A browser polling every few seconds waits for the back-off like the tracker does.
    bed.advance(5_000);
    answers["t-down"] = { json: { id: "t-down", status: "processing", progress: 10 } };
    expect(await refreshTask("t-down", bed.deps)).toMatchObject({ pollFailures: 1, progress: null });
    expect(queries("t-down")).toBe(1);

    bed.advance(7_000);
    const recovered = (await refreshTask("t-down", bed.deps))!;
    expect(queries("t-down")).toBe(2);
    expect(recovered).toMatchObject({ pollFailures: 0, lastPollError: null, progress: 10, notFoundCount: 0 });
  });

  /** Polls as the tracker would: whenever the task is next due. */
  async function pollWhenDue(id: string) {
    const row = await bed.db.task.findUniqueOrThrow({ where: { id } });
    bed.setNow(Math.max(bed.now(), row.nextPollAt.getTime(), (row.lastPolledAt?.getTime() ?? 0) + 5_000));
    return (await refreshTask(id, bed.deps))!;
  }

  it("does not count 5xx answers towards losing a task: 5×503 then one 404 keeps it running", async () => {
    await seedTask(bed.db, { id: "t-flaky", status: "processing", progress: 30 });
    answers["t-flaky"] = { status: 503, json: { error: { message: "overloaded" } } };
    for (let i = 0; i < 5; i++) await pollWhenDue("t-flaky");
    delete answers["t-flaky"]; // 404 from now on
    const task = await pollWhenDue("t-flaky");
    expect(queries("t-flaky")).toBe(6);
    expect(task).toMatchObject({ status: "processing", pollFailures: 6, error: null });
    expect(task).toMatchObject({ notFoundCount: 1, notFoundSince: new Date(bed.now()) });
    expect(task.lastPollError).toMatch(/task t-flaky not found/);
  });

  it("fails a task only after 404s in a row for at least 10 minutes, and says so truthfully", async () => {
    await seedTask(bed.db, { id: "t-lost", status: "queued" });
    const start = bed.now();
    let task = await pollWhenDue("t-lost");
    for (let i = 1; i < bed.deps.polling.lostAfter; i++) task = await pollWhenDue("t-lost");
    // Six 404s with back-off take about 5 minutes: not long enough to give up on a task.
    expect(bed.now() - start).toBeLessThan(10 * 60_000);
    expect(task.status).toBe("queued");
    expect(task).toMatchObject({ notFoundCount: 6, notFoundSince: new Date(start) });

    while (task.status === "queued") task = await pollWhenDue("t-lost");
    expect(bed.now() - start).toBeGreaterThanOrEqual(10 * 60_000);
    const count = queries("t-lost");
    expect(count).toBeGreaterThan(bed.deps.polling.lostAfter);
    expect(task).toMatchObject({ status: "failed", pollFailures: count });
    expect(task.error).toMatch(
      new RegExp(
        `^The upstream no longer knows this task: HTTP 404 on ${count} queries in a row over 1\\d minutes\\.$`,
      ),
    );
    expect(task.errorCode).toBe("tracker_upstream_lost");
    expect(rowInChinese(task)).toMatch(
      new RegExp(`^上游已不再识别此任务：连续 ${count} 次查询均返回 HTTP 404，历时 1\\d 分钟。$`),
    );
  });

  it("restarts the 404 count after any other answer", async () => {
    await seedTask(bed.db, { id: "t-back", status: "processing" });
    const start = bed.now();
    for (let i = 0; i < 5; i++) await pollWhenDue("t-back");
    answers["t-back"] = { status: 502, text: "bad gateway" };
    await pollWhenDue("t-back");
    delete answers["t-back"];
    bed.setNow(start + 11 * 60_000);
    // Six 404s, the first 11 minutes ago, but not in a row: the task is still running.
    const task = await pollWhenDue("t-back");
    expect(queries("t-back")).toBe(7);
    expect(task.status).toBe("processing");
    expect(task).toMatchObject({ notFoundCount: 1, notFoundSince: new Date(bed.now()) });
  });
});

describe("a task completed without any result URL", () => {
  it("is asked again until the URL appears, then downloaded", async () => {
    await seedTask(bed.db, { id: "t-late", status: "processing", progress: 80 });
    answers["t-late"] = { json: { id: "t-late", status: "completed", progress: 100 } };
    const first = (await refreshTask("t-late", bed.deps))!;
    expect(first).toMatchObject({ status: "completed", mediaState: "none", media: [] });
    expect(presentTask(first, "http://studio.test", undefined, bed.now()).studio.awaitingResultUrls).toBe(
      true,
    );
    expect(bed.logs.some((l) => l.text.includes("t-late completed without any result URL"))).toBe(true);

    answers["t-late"] = {
      json: { id: "t-late", status: "completed", progress: 100, video_url: "https://cdn.example/late.mp4" },
    };
    const row = await bed.db.task.findUniqueOrThrow({ where: { id: "t-late" } });
    bed.setNow(row.nextPollAt.getTime());
    const later = (await refreshTask("t-late", bed.deps))!;
    expect(queries("t-late")).toBe(2);
    expect(later).toMatchObject({ status: "completed", mediaState: "pending" });
    expect(later.media.map((m) => [m.role, m.sourceUrl, m.status])).toEqual([
      ["result", "https://cdn.example/late.mp4", "pending"],
    ]);
    expect(presentTask(later, "http://studio.test", undefined, bed.now()).studio.awaitingResultUrls).toBe(
      false,
    );
  });

  it("settles for no result after the grace period, and stops asking", async () => {
    await seedTask(bed.db, { id: "t-empty", status: "queued" });
    answers["t-empty"] = { json: { id: "t-empty", status: "succeeded" } };
    const start = bed.now();
    let task = (await refreshTask("t-empty", bed.deps))!;
    while (bed.now() - start < 3 * 60_000) {
      bed.advance(5_000);
      task = (await refreshTask("t-empty", bed.deps))!;
    }
    const asked = queries("t-empty");
    // Re-asked a few times (every 15–24 s) over the two minutes, never every 5 s.
    expect(asked).toBeGreaterThanOrEqual(5);
    expect(asked).toBeLessThanOrEqual(10);
    expect(task).toMatchObject({ status: "completed", mediaState: "none", media: [] });
    expect(presentTask(task, "http://studio.test", undefined, bed.now()).studio.awaitingResultUrls).toBe(
      false,
    );

    bed.advance(60_000);
    await refreshTask("t-empty", bed.deps);
    expect(queries("t-empty")).toBe(asked);
  });
});
