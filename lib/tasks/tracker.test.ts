import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../upstream/testing/fake-upstream";
import { startTracker } from "./tracker";
import { listFiles, seedTask, taskTestbed } from "./testing/task-fixtures";

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
// Something file-type knows as MP4: an ftyp box, then arbitrary bytes.
const mp4 = (seed: number) =>
  Buffer.concat([
    Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex"),
    randomBytes(50_000 + seed),
  ]);

const videos: Record<string, Buffer> = { a: mp4(1), b: mp4(2), c: mp4(3), d: mp4(4) };
let upstream: FakeUpstream;
let bed: ReturnType<typeof taskTestbed>;

beforeAll(async () => {
  upstream = await startFakeUpstream(({ path: p }) => {
    const file = /^\/files\/(\w)\.mp4/.exec(p)?.[1];
    if (file)
      return { stream: () => Readable.from([videos[file]]), headers: { "content-type": "video/mp4" } };
    const id = decodeURIComponent(p.split("/").pop() ?? "");
    if (id === "t-unreachable") return { hangUp: true };
    const letter = id.slice(-1);
    return {
      json: {
        id,
        status: "succeeded",
        progress: "100%",
        video_url: `${upstream.url}/files/${letter}.mp4?expires=9999999999`,
        amount: "0.4",
      },
    };
  });
  // The real clock: the tracker's schedule is compared with rows written by "the previous process".
  bed = taskTestbed({ now: Date.now });
  bed.deps.upstream = { baseUrl: upstream.url, apiKey: "k", timeoutMs: 2000 };
  // The result files are served by the same loopback listener: allowed as a configured upstream is.
  bed.deps.fetchPolicy = { allow: [upstream.url] };
});
afterAll(async () => {
  await upstream.close();
  await bed.cleanup();
});

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the tracker");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("tracker", () => {
  it("resumes every unfinished task and download a previous process left behind", async () => {
    const longAgo = new Date(Date.now() - 3_600_000);
    // As a process that died would have left them: one queued, one processing and backed off far
    // into the future, one completed whose download was cut short (row "downloading", temp file).
    await seedTask(bed.db, { id: "t-a", status: "queued", submittedAt: longAgo });
    await seedTask(bed.db, {
      id: "t-b",
      status: "processing",
      progress: 40,
      lastPolledAt: longAgo,
      nextPollAt: new Date(Date.now() + 3_600_000),
      pollFailures: 7,
    });
    await seedTask(bed.db, { id: "t-c", status: "completed", finishedAt: longAgo, mediaState: "pending" });
    const interrupted = await bed.db.media.create({
      data: {
        taskId: "t-c",
        role: "result",
        fields: "video_url",
        sourceUrl: `${upstream.url}/files/c.mp4`,
        status: "downloading",
        attempts: 1,
      },
    });
    const taskDir = path.join(bed.mediaDir(), "tasks", "t-c");
    fs.mkdirSync(taskDir, { recursive: true });
    const leftover = path.join(taskDir, `.${interrupted.id}.mp4.123e4567-e89b-12d3-a456-426614174000.part`);
    fs.writeFileSync(leftover, videos.c.subarray(0, 1000));
    fs.utimesSync(leftover, longAgo, longAgo);
    // A task the upstream cannot answer about must not hold the others up.
    await seedTask(bed.db, { id: "t-unreachable", status: "processing" });
    // A thumbnailer that throws (synchronously, even) must not undo downloads or stop the loop.
    await seedTask(bed.db, { id: "t-d", status: "queued" });
    bed.deps.createThumbnail = () => {
      throw new Error("thumbnailer exploded");
    };

    const tracker = startTracker(bed.deps, { idleMs: 50 });
    try {
      await until(async () => {
        const done = await bed.db.task.count({
          where: { id: { in: ["t-a", "t-b", "t-c", "t-d"] }, mediaState: "stored" },
        });
        return done === 4;
      }, 20_000);
    } finally {
      await tracker.stop();
    }

    for (const [id, letter] of [
      ["t-a", "a"],
      ["t-b", "b"],
      ["t-c", "c"],
      ["t-d", "d"],
    ] as const) {
      const task = await bed.db.task.findUniqueOrThrow({ where: { id }, include: { media: true } });
      expect(task).toMatchObject({ status: "completed", mediaState: "stored" });
      // t-c had finished before the restart; the others were polled to completion now.
      if (id !== "t-c") expect(task).toMatchObject({ progress: 100, amount: 0.4 });
      expect(task.media).toHaveLength(1);
      const [media] = task.media;
      expect(media).toMatchObject({
        status: "stored",
        contentType: "video/mp4",
        sha256: sha(videos[letter]),
      });
      expect(Buffer.compare(fs.readFileSync(path.join(bed.mediaDir(), media.path!)), videos[letter])).toBe(0);
    }
    expect(fs.existsSync(leftover)).toBe(false);
    expect(listFiles(path.join(bed.mediaDir(), "tasks")).filter((f) => f.endsWith(".part"))).toEqual([]);

    const stuck = await bed.db.task.findUniqueOrThrow({ where: { id: "t-unreachable" } });
    expect(stuck.status).toBe("processing");
    expect(stuck.lastPollError).toMatch(/could not be reached/);
    expect(bed.logs.some((l) => l.text.includes("thumbnailer exploded"))).toBe(true);
  });

  it("asks again about a task completed without a result URL, only within the grace period", async () => {
    const recently = new Date(Date.now() - 10_000);
    const longAgo = new Date(Date.now() - 3_600_000);
    for (const [id, finishedAt] of [
      ["t-nourl-a", recently],
      ["t-nourl-old-b", longAgo],
    ] as const) {
      await seedTask(bed.db, { id, status: "completed", progress: 100, finishedAt, mediaState: "none" });
    }
    const tracker = startTracker(bed.deps, { idleMs: 50 });
    try {
      await until(async () => {
        const task = await bed.db.task.findUniqueOrThrow({ where: { id: "t-nourl-a" } });
        return task.mediaState === "stored";
      }, 20_000);
    } finally {
      await tracker.stop();
    }
    const media = await bed.db.media.findMany({ where: { taskId: "t-nourl-a" } });
    expect(media.map((m) => [m.status, m.sha256])).toEqual([["stored", sha(videos.a)]]);
    // Long settled: never asked again.
    expect(upstream.count("/v2/model-center/tasks/t-nourl-old-b")).toBe(0);
    expect(await bed.db.task.findUniqueOrThrow({ where: { id: "t-nourl-old-b" } })).toMatchObject({
      mediaState: "none",
    });
  });

  it("downloads the URLs that expire soonest first, then the oldest", async () => {
    await seedTask(bed.db, {
      id: "t-order",
      status: "completed",
      finishedAt: new Date(),
      mediaState: "pending",
    });
    const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
    const urls = [
      `${upstream.url}/files/a.mp4?order=1`,
      `${upstream.url}/files/b.mp4?order=2&expires=${inSeconds(3600)}`,
      `${upstream.url}/files/c.mp4?order=3&expires=${inSeconds(600)}`,
      `${upstream.url}/files/d.mp4?order=4`,
    ];
    for (const [index, sourceUrl] of urls.entries()) {
      await bed.db.media.create({
        data: {
          taskId: "t-order",
          role: index === 0 ? "result" : "extra",
          fields: "result_url",
          sourceUrl,
          createdAt: new Date(Date.now() - 60_000 + index * 1000),
        },
      });
    }
    const before = upstream.requests.length;
    const tracker = startTracker(bed.deps, { idleMs: 20, downloadWorkers: 1 });
    try {
      await until(
        async () => (await bed.db.media.count({ where: { taskId: "t-order", status: "stored" } })) === 4,
        20_000,
      );
    } finally {
      await tracker.stop();
    }
    const order = upstream.requests
      .slice(before)
      .map((r) => /order=(\d)/.exec(r.path)?.[1])
      .filter(Boolean);
    expect(order).toEqual(["3", "2", "1", "4"]);
  });

  it("polls each running task no more often than the spec's interval", async () => {
    await seedTask(bed.db, { id: "t-slow-e", status: "processing" });
    let answers = 0;
    const slow = await startFakeUpstream(({ path: p }) => {
      if (!p.endsWith("/t-slow-e")) return { status: 404, json: { error: "unknown task" } };
      answers++;
      return { json: { id: "t-slow-e", status: "processing", progress: answers } };
    });
    const deps = { ...bed.deps, upstream: { baseUrl: slow.url, apiKey: "k" } };
    const tracker = startTracker(deps, { idleMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await tracker.stop();
    await slow.close();
    expect(answers).toBe(1);
    const task = await bed.db.task.findUniqueOrThrow({ where: { id: "t-slow-e" } });
    const wait = task.nextPollAt.getTime() - task.lastPolledAt!.getTime();
    expect(wait).toBeGreaterThanOrEqual(5_000);
    expect(wait).toBeLessThanOrEqual(10_000);
  });
});
