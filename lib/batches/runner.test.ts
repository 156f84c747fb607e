import { LOCAL_USER } from "../auth/local-user";
import { installV1Mapping, SANDBOX_V1_MAPPING } from "../catalog/v1";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSandboxServer, type SandboxServer } from "../sandbox";
import { seedTask, taskTestbed } from "../tasks/testing/task-fixtures";
import { waitFor } from "../testing/wait-for";
import { startFakeUpstream, type CannedAnswer, type FakeUpstream } from "../upstream/testing/fake-upstream";
import { createBatch } from "./create-batch";
import { retryBatchItem } from "./retry-item";
import { startBatchRunner, type BatchRunner } from "./runner";
import { INTERRUPTED_MESSAGE } from "./settle-interrupted";

let bed: ReturnType<typeof taskTestbed>;
let sandbox: SandboxServer;
const runners: BatchRunner[] = [];

beforeAll(async () => {
  bed = taskTestbed({ now: Date.now });
  sandbox = await startSandboxServer({ port: 0 });
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});
afterAll(async () => {
  await sandbox.close();
  await bed.cleanup();
});

const upstreamAt = (url: string) => ({ baseUrl: url, apiKey: "test-key", timeoutMs: 3_000 });
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 10)}`;

function run(options: Parameters<typeof startBatchRunner>[1] = {}) {
  const runner = startBatchRunner(bed.deps, { minIntervalMs: 0, idleMs: 20, ...options });
  runners.push(runner);
  return runner;
}

const until = <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000) =>
  waitFor(read, done, { timeoutMs, intervalMs: 25 });

const itemsOf = (batchId: string) =>
  bed.db.batchItem.findMany({ where: { batchId }, orderBy: { index: "asc" } });
const settled = (items: { state: string }[]) =>
  items.every((i) => i.state !== "planned" && i.state !== "sending");

/** POSTs a fake upstream received whose body carried this prompt. */
const postsWith = (upstream: FakeUpstream, prompt: string) =>
  upstream.requests
    .filter((r) => r.method === "POST" && r.body.includes(JSON.stringify(prompt)))
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);

/**
 * A batch runner in a process of its own (testing/runner-process.ts) on the test's database. Node
 * itself with tsx's loader, not the tsx CLI: killing the CLI would leave its node child running (and
 * sending), which is no crash at all. The react-server condition resolves `server-only` to its empty
 * module, as in the server.
 */
function spawnRunner(upstreamUrl: string, intervalMs: number): ChildProcess {
  const script = path.join(import.meta.dirname, "testing/runner-process.ts");
  return spawn(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      script,
      bed.databaseUrl,
      upstreamUrl,
      String(intervalMs),
    ],
    { stdio: "ignore" },
  );
}

describe("batch runner against the sandbox upstream", () => {
  it("sends every item of 3 models × 2 variations once, in plan order, at the batch's pace", async () => {
    bed.deps.upstream = upstreamAt(sandbox.url);
    const prompt = unique("a lantern festival");
    const { id } = await createBatch(
      bed.db,
      {
        models: ["sd_2.5_ORelay", "sd2_disc_nvid", "vendors_5.0Pro"],
        body: { prompt, duration: 5 },
        variations: 2,
        intervalMs: 300,
      },
      { defaultIntervalMs: 500, userId: null },
    );
    run();
    const items = await until(() => itemsOf(id), settled);

    const posts = sandbox.log
      .list()
      .filter((e) => e.method === "POST" && (e.body as { prompt?: string }).prompt === prompt);
    expect(posts.map((p) => p.body)).toEqual(items.map((i) => JSON.parse(i.body)));
    expect(posts.map((p) => (p.body as { model: string }).model)).toEqual([
      "sd_2.5_ORelay",
      "sd2_disc_nvid",
      "vendors_5.0Pro",
      "sd_2.5_ORelay",
      "sd2_disc_nvid",
      "vendors_5.0Pro",
    ]);
    // The model with a seed got two different ones; the others the same body twice.
    const seeds = posts.map((p) => (p.body as { seed?: number }).seed).filter((s) => s !== undefined);
    expect(new Set(seeds).size).toBe(2);
    const times = posts.map((p) => Date.parse(p.at));
    // Paced 300 ms apart, counted from when each send starts. Arrival times carry the jitter of a
    // loaded machine (one late arrival shortens the next gap), so: the whole run spans the pace, and
    // no two sends arrive together (unpaced sends are ~10 ms apart).
    expect(times.at(-1)! - times[0]).toBeGreaterThanOrEqual(4 * 300);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(100);

    // Each item holds the task it created, and the task row says which batch item it is.
    const tasks = await bed.db.task.findMany({ where: { batchId: id } });
    expect(tasks).toHaveLength(6);
    for (const item of items) {
      expect(item.state).toBe("sent");
      expect(tasks.find((t) => t.id === item.taskId)?.batchItemId).toBe(item.id);
    }
  });
});

describe("batch runs with a v1 family model", () => {
  it("sends each item to its own endpoint: the task API or the family's v1 path", async () => {
    installV1Mapping(SANDBOX_V1_MAPPING);
    bed.deps.upstream = upstreamAt(sandbox.url);
    const prompt = unique("a glass harbor");
    const { id } = await createBatch(
      bed.db,
      { models: ["family-b-turbo", "sd_2.5_ORelay"], body: { prompt }, variations: 1 },
      { defaultIntervalMs: 0, userId: null },
    );
    run();
    const items = await until(() => itemsOf(id), settled);
    expect(items.map((i) => i.state)).toEqual(["sent", "sent"]);
    const posts = sandbox.log
      .list()
      .filter((e) => e.method === "POST" && (e.body as { prompt?: string }).prompt === prompt);
    expect(posts.map((p) => [p.path, p.body])).toEqual([
      // The family's defaults are filled in (seconds and aspect_ratio are part of its create body).
      [
        "/v1/family-b/videos",
        { model: "family-b-turbo", prompt, aspect_ratio: "16:9", seconds: 5, resolution: "720p" },
      ],
      ["/v2/model-center/tasks", { model: "sd_2.5_ORelay", prompt }],
    ]);
    const tasks = await bed.db.task.findMany({ where: { batchId: id }, orderBy: { model: "asc" } });
    expect(tasks.map((t) => [t.model, t.v1Family])).toEqual([
      ["family-b-turbo", "family-b"],
      ["sd_2.5_ORelay", null],
    ]);
  });
});

describe("batch runner outcomes (fake upstream)", () => {
  let upstream: FakeUpstream;
  let answer: (body: Record<string, unknown>) => CannedAnswer;
  let counter = 0;
  const ok = (): CannedAnswer => ({ json: { id: `up-${++counter}-${Date.now()}`, status: "queued" } });

  beforeAll(async () => {
    upstream = await startFakeUpstream((request) => answer(JSON.parse(request.body || "{}")));
  });
  afterAll(() => upstream.close());

  async function batchOf(prompts: string[]) {
    bed.deps.upstream = upstreamAt(upstream.url);
    return createBatch(
      bed.db,
      { items: prompts.map((prompt) => ({ model: "sd_2.5_ORelay", prompt })), intervalMs: 0 },
      { defaultIntervalMs: 0, userId: null },
    );
  }

  it("rejects an item the upstream refuses (4xx) with its message, and sends the rest", async () => {
    const [good, bad, last] = [unique("ok"), unique("refused"), unique("ok")];
    answer = (body) =>
      body.prompt === bad ? { status: 402, json: { error: { message: "insufficient credits" } } } : ok();
    const { id } = await batchOf([good, bad, last]);
    run();
    const items = await until(() => itemsOf(id), settled);
    expect(items.map((i) => i.state)).toEqual(["sent", "rejected", "sent"]);
    expect(items[1].error).toMatch(/HTTP 402.*insufficient credits/);
    for (const prompt of [good, bad, last]) expect(postsWith(upstream, prompt)).toHaveLength(1);

    // A rejected item can be retried; it is sent once more.
    answer = ok;
    await retryBatchItem(bed.db, LOCAL_USER, id, items[1].id, {});
    const retried = await until(() => itemsOf(id), settled);
    expect(retried[1]).toMatchObject({ state: "sent", error: null, attempts: 2 });
    expect(postsWith(upstream, bad)).toHaveLength(2);
  });

  it("keeps an item planned, with back-off, while the upstream cannot be reached", async () => {
    const prompt = unique("unreachable");
    const { id } = await batchOf([prompt]);
    const closed = await startFakeUpstream(() => ok());
    await closed.close();
    bed.deps.upstream = upstreamAt(closed.url); // nothing listens: refused before anything is sent
    run({ backoff: { firstMs: 400, maxMs: 400 } });
    const [waiting] = await until(
      () => itemsOf(id),
      ([item]) => item.attempts === 1 && item.state === "planned",
    );
    expect(waiting.error).toMatch(/^Not sent yet: .*connection refused.*Trying again in 1 s\.$/);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    answer = ok;
    bed.deps.upstream = upstreamAt(upstream.url);
    const [sent] = await until(() => itemsOf(id), settled);
    expect(sent).toMatchObject({ state: "sent", attempts: 2 });
    expect(postsWith(upstream, prompt)).toHaveLength(1);
  });

  it("marks a send whose answer broke off 'outcome unknown' and never sends it again by itself", async () => {
    const [lost, next] = [unique("lost"), unique("next")];
    answer = (body) => (body.prompt === lost ? { hangUp: true } : ok());
    const { id } = await batchOf([lost, next]);
    run();
    const items = await until(() => itemsOf(id), settled);
    expect(items.map((i) => i.state)).toEqual(["outcome_unknown", "sent"]);
    expect(items[0].error).toMatch(/may have created the task anyway/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(postsWith(upstream, lost)).toHaveLength(1);

    // Sending it again takes an explicit acknowledgement that it may bill twice.
    await expect(retryBatchItem(bed.db, LOCAL_USER, id, items[0].id, {})).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/acknowledgeDuplicate/),
    });
    answer = ok;
    await retryBatchItem(bed.db, LOCAL_USER, id, items[0].id, { acknowledgeDuplicate: true });
    await until(() => itemsOf(id), settled);
    expect(postsWith(upstream, lost)).toHaveLength(2);
  });

  it("settles a send interrupted after its task was stored as sent, without calling the upstream", async () => {
    const prompt = unique("stored before the crash");
    const { id } = await batchOf([prompt]);
    const [item] = await itemsOf(id);
    const sendingAt = new Date(Date.now() - 1_000);
    await bed.db.batchItem.update({ where: { id: item.id }, data: { state: "sending", sendingAt } });
    await seedTask(bed.db, {
      id: `t-${item.id}`,
      batchId: id,
      batchItemId: item.id,
      submittedAt: new Date(),
    });
    run();
    const [done] = await until(() => itemsOf(id), settled);
    expect(done).toMatchObject({ state: "sent", taskId: `t-${item.id}` });
    expect(postsWith(upstream, prompt)).toHaveLength(0);
  });

  it("retries only a failed task of a sent item, keeping the failed one as an earlier attempt", async () => {
    const prompt = unique("fails upstream");
    answer = ok;
    const { id } = await batchOf([prompt]);
    run();
    const [item] = await until(() => itemsOf(id), settled);
    await expect(retryBatchItem(bed.db, LOCAL_USER, id, item.id, {})).rejects.toThrow(
      /is queued; only a failed task is retried/,
    );
    await bed.db.task.update({ where: { id: item.taskId! }, data: { status: "failed" } });
    await retryBatchItem(bed.db, LOCAL_USER, id, item.id, {});
    const [again] = await until(() => itemsOf(id), settled);
    expect(again.taskId).not.toBe(item.taskId);
    expect(await bed.db.task.count({ where: { batchItemId: item.id } })).toBe(2);
  });
});

describe("batch runners in two studio processes on one database", () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill("SIGKILL");
  });

  it("send every item exactly once; one starting mid-send leaves the other's send alone", async () => {
    const prompts = Array.from({ length: 8 }, (_, i) => unique(`two runners ${i}`));
    let counter = 0;
    // Each answer takes 400 ms, so the second runner starts while the first is sending.
    const upstream = await startFakeUpstream(async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { json: { id: `two-${++counter}`, status: "queued" } };
    });
    try {
      const { id } = await createBatch(
        bed.db,
        { items: prompts.map((prompt) => ({ model: "sd_2.5_ORelay", prompt })) },
        { defaultIntervalMs: 0, userId: null },
      );
      const startRunner = () => children.push(spawnRunner(upstream.url, 0));
      startRunner();
      await until(
        () => itemsOf(id),
        (items) => items.some((i) => i.state === "sending"),
      );
      startRunner();
      const items = await until(() => itemsOf(id), settled, 40_000);
      expect(items.map((i) => i.state)).toEqual(prompts.map(() => "sent"));
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const prompt of prompts) expect(postsWith(upstream, prompt)).toHaveLength(1);
    } finally {
      for (const child of children.splice(0)) child.kill("SIGKILL");
      await upstream.close();
    }
  }, 60_000);
});

describe("batch runners in two studio processes keep one pace", () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill("SIGKILL");
  });

  it("two runners with a 600 ms pace send 600 ms apart, not twice as often", async () => {
    const PACE = 600;
    const prompts = Array.from({ length: 8 }, (_, i) => unique(`one pace ${i}`));
    const arrivals: number[] = [];
    let counter = 0;
    const upstream = await startFakeUpstream(async () => {
      arrivals.push(Date.now());
      return { json: { id: `pace-${++counter}`, status: "queued" } };
    });
    try {
      const { id } = await createBatch(
        bed.db,
        { items: prompts.map((prompt) => ({ model: "sd_2.5_ORelay", prompt })) },
        { defaultIntervalMs: 0, userId: null },
      );
      children.push(spawnRunner(upstream.url, PACE), spawnRunner(upstream.url, PACE));
      const items = await until(() => itemsOf(id), settled, 40_000);
      expect(items.map((i) => i.state)).toEqual(prompts.map(() => "sent"));
      expect(arrivals).toHaveLength(prompts.length);
      // The pace holds between the moments each send starts; the upstream sees them later by each
      // send's own latency, which a loaded machine makes uneven (a process's first request is the
      // slowest), so a single gap may look short. Each process's own pace alone would let the two
      // interleave: two sends every 600 ms, 8 in about 4 × 600 ms, any three within ~600 ms. The
      // shared one spaces all 8: about 7 × 600 ms, any three ~1,200 ms apart. The second bound sits
      // midway between the two: send latencies have to differ by 300 ms to blur them.
      expect(arrivals.at(-1)! - arrivals[0]).toBeGreaterThanOrEqual(0.9 * 7 * PACE);
      const spans = arrivals.slice(2).map((at, i) => at - arrivals[i]);
      expect(Math.min(...spans), `arrivals ${arrivals.map((at) => at - arrivals[0])}`).toBeGreaterThanOrEqual(
        1.5 * PACE,
      );
    } finally {
      for (const child of children.splice(0)) child.kill("SIGKILL");
      await upstream.close();
    }
  }, 60_000);
});

describe("batch runner killed mid-send (a real crash of its process)", () => {
  let upstream: FakeUpstream;
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill("SIGKILL");
    await upstream?.close();
  });

  it("sends every other item exactly once after the restart; the one in flight becomes outcome unknown", async () => {
    const prompts = Array.from({ length: 5 }, (_, i) => unique(`crash ${i}`));
    let counter = 0;
    // The third send gets no answer: the process is killed while waiting for it.
    upstream = await startFakeUpstream((request) => {
      const body = JSON.parse(request.body) as { prompt: string };
      return body.prompt === prompts[2]
        ? { silent: true }
        : { json: { id: `crash-${++counter}`, status: "queued" } };
    });
    bed.deps.upstream = upstreamAt(upstream.url);
    const { id } = await createBatch(
      bed.db,
      { items: prompts.map((prompt) => ({ model: "sd_2.5_ORelay", prompt })) },
      { defaultIntervalMs: 100, userId: null },
    );

    child = spawnRunner(upstream.url, 100);
    await until(
      async () => postsWith(upstream, prompts[2]).length,
      (n) => n === 1,
      30_000,
    );
    child.kill("SIGKILL");
    await new Promise((resolve) => child!.once("exit", resolve));
    expect((await itemsOf(id)).map((i) => i.state)).toEqual([
      "sent",
      "sent",
      "sending",
      "planned",
      "planned",
    ]);

    // The restarted studio: carries on with the plan and settles the open send once it is older
    // than any live send could be (shortened here from 3 minutes).
    run({ minIntervalMs: 100, staleSendingMs: 1_000 });
    const items = await until(() => itemsOf(id), settled);
    expect(items.map((i) => i.state)).toEqual(["sent", "sent", "outcome_unknown", "sent", "sent"]);
    expect(items[2].error).toBe(INTERRUPTED_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const prompt of prompts) expect(postsWith(upstream, prompt)).toHaveLength(1);
  });
});
