import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/lib/testing/zh-failure";
import { LOCAL_USER } from "../auth/local-user";
import { readFailure } from "../errors";
import { startSandboxServer, type SandboxServer } from "../sandbox";
import { taskTestbed } from "../tasks/testing/task-fixtures";
import { waitFor } from "../testing/wait-for";
import { retryShot, runSequence } from "./run";
import type { Db } from "../db";
import { startSequenceRunner, type SequenceRunner } from "./runner";
import { createSequence } from "./sequences";
import { pickTake } from "./shots";
import { studioVideoPort, type VideoPort } from "./video-port";

/** A kept failure as a Chinese page words it (components/i18n/failure-message.ts). */

let bed: ReturnType<typeof taskTestbed>;
let sandbox: SandboxServer;
const runners: SequenceRunner[] = [];

/**
 * lib/video (wt/frames) extracts last frames; here a take's "last frame" is a fixed URL per take,
 * so what is under test is the runner: which take it continues from and what the upstream receives.
 */
const video: VideoPort = {
  ...studioVideoPort,
  lastFrameOf: async (_db, taskId) => ({
    path: `frames/${taskId}.png`,
    url: `https://frames.test/${taskId}.png`,
  }),
};

beforeAll(async () => {
  bed = taskTestbed({ now: Date.now });
  sandbox = await startSandboxServer({ port: 0 });
  bed.deps.upstream = { baseUrl: sandbox.url, apiKey: "test-key", timeoutMs: 3_000 };
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});
afterAll(async () => {
  await sandbox.close();
  await bed.cleanup();
});

/**
 * The database as one studio process sees it, with a hook on writing a take's task row (the
 * record of an upstream submit): `after` runs once that row is stored; `instead` replaces the
 * write (and, throwing, stands for the process dying there: every later call fails too).
 */
function dbWithTaskRecordHook(db: Db, hook: { instead?: () => never; after?: () => Promise<void> }): Db {
  let dead = false;
  let hooked = false;
  const wrap = (target: object, model: string | null): object =>
    new Proxy(target, {
      get(t, prop) {
        const value: unknown = Reflect.get(t, prop);
        if (typeof value === "function")
          return async (...args: unknown[]) => {
            if (dead) throw new Error("the process is gone");
            if (model === "task" && prop === "create" && !hooked) {
              hooked = true;
              if (hook.instead) {
                dead = true;
                hook.instead();
              }
              const row: unknown = await (value as (...a: unknown[]) => unknown).apply(t, args);
              await hook.after?.();
              return row;
            }
            return (value as (...a: unknown[]) => unknown).apply(t, args);
          };
        if (model === null && value && typeof value === "object") return wrap(value, String(prop));
        return value;
      },
    });
  return wrap(db, null) as Db;
}

/** Only `id` runs: hand-driven runners claim any running sequence, earlier tests' included. */
const runOnly = async (id: string) => {
  await bed.db.sequence.updateMany({
    where: { state: "running", id: { not: id } },
    data: { state: "paused" },
  });
  await runSequence(bed.db, LOCAL_USER, id);
};

/** A runner driven by hand (tick), on its own view of the database. */
function handRunner(db: Db) {
  const runner = startSequenceRunner({ ...bed.deps, db }, video, { idleMs: 20, startDelayMs: 1e9 });
  runners.push(runner);
  return runner;
}

const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 10)}`;
function run() {
  const runner = startSequenceRunner(bed.deps, video, { idleMs: 20 });
  runners.push(runner);
  return runner;
}
const postsWith = (prompt: string) =>
  sandbox.log
    .list()
    .filter((e) => e.method === "POST" && (e.body as { prompt?: string }).prompt === prompt)
    .map((e) => e.body as Record<string, unknown>);
const shotsOf = (sequenceId: string) =>
  bed.db.sequenceShot.findMany({ where: { sequenceId }, orderBy: { position: "asc" } });

/** Stands in for the tracker: the take finished and its video is stored. */
const finish = (taskId: string) =>
  bed.db.task.update({ where: { id: taskId }, data: { status: "completed", mediaState: "stored" } });

async function threeShots(prompts: string[]) {
  const { id } = await createSequence(
    bed.db,
    LOCAL_USER,
    {
      name: "three shots",
      shots: [
        { model: "sd_2.5_ORelay", body: { prompt: prompts[0], duration: 5 }, takes: 2 },
        { model: "sd_2.5_ORelay", body: { prompt: prompts[1], duration: 5 }, chained: true },
        { model: "sd2_disc_nvid", body: { prompt: prompts[2], duration: 5 } },
      ],
    },
    video,
  );
  return id;
}

describe("sequence runner against the sandbox upstream", () => {
  it("sends unchained shots at once, a chained one from its predecessor's picked take's last frame", async () => {
    const prompts = [unique("dawn"), unique("noon"), unique("dusk")];
    const id = await threeShots(prompts);
    await runSequence(bed.db, LOCAL_USER, id);
    run();
    // Shots 1 (two takes) and 3 go at once; shot 2 waits for a take of shot 1 to be picked.
    await waitFor(
      () => shotsOf(id),
      (s) => s[0].state === "sent" && s[2].state === "sent" && s[1].state === "waiting",
      { timeoutMs: 20_000, intervalMs: 25 },
    );
    expect(postsWith(prompts[0])).toHaveLength(2);
    expect(postsWith(prompts[2])).toHaveLength(1);
    expect(postsWith(prompts[1])).toHaveLength(0);
    // Models that return a last frame are asked for it.
    expect(postsWith(prompts[0]).every((b) => b.return_last_frame === true)).toBe(true);

    const takes = await bed.db.task.findMany({
      where: { sequenceShotId: (await shotsOf(id))[0].id },
      orderBy: { submittedAt: "asc" },
    });
    expect(takes).toHaveLength(2);
    await Promise.all(takes.map((t) => finish(t.id)));
    await pickTake(bed.db, LOCAL_USER, id, takes[0].sequenceShotId!, takes[1].id);

    await waitFor(
      () => bed.db.sequence.findUniqueOrThrow({ where: { id } }),
      (s) => s.state === "done",
      { timeoutMs: 20_000, intervalMs: 25 },
    );
    const [second] = postsWith(prompts[1]);
    expect(second.image_roles).toEqual([
      { url: `https://frames.test/${takes[1].id}.png`, role: "first_frame" },
    ]);
    // Each take sent once, whatever the runner's passes.
    expect(postsWith(prompts[0])).toHaveLength(2);
    expect(postsWith(prompts[1])).toHaveLength(1);
  });

  it("a restart mid-shot resumes it without resending its sent takes; two runners send each take once", async () => {
    const prompts = [unique("rain"), unique("sun"), unique("snow")];
    const id = await threeShots(prompts);
    await runSequence(bed.db, LOCAL_USER, id);
    const [first] = await shotsOf(id);
    // A process died after sending one of shot 1's two takes: the shot is "sending", one take stored.
    const claimedAt = new Date(Date.now() - 1_000);
    await bed.db.sequenceShot.update({
      where: { id: first.id },
      data: { state: "sending", claimedAt, takesStarted: 1 },
    });
    await bed.db.task.create({
      data: {
        id: `pre_${first.id}`,
        model: "sd_2.5_ORelay",
        kind: "video",
        status: "queued",
        prompt: prompts[0],
        request: "{}",
        submittedAt: new Date(),
        sequenceShotId: first.id,
      },
    });
    run();
    run();
    await waitFor(
      () => shotsOf(id),
      (s) => s[0].state === "sent" && s[2].state === "sent",
      { timeoutMs: 20_000, intervalMs: 25 },
    );
    expect(postsWith(prompts[0])).toHaveLength(1);
    expect(postsWith(prompts[2])).toHaveLength(1);
    expect(await bed.db.task.count({ where: { sequenceShotId: first.id } })).toBe(2);
  });

  it("admits each take again before sending it: a budget exhausted since the run started holds the shot", async () => {
    const row = await bed.db.user.create({ data: { email: "held@example.com", name: "held" } });
    const owner = { id: row.id, role: "member" as const, via: "session" as const };
    const prompt = unique("held");
    const { id } = await createSequence(
      bed.db,
      owner,
      { name: "held", shots: [{ model: "sd_2.5_ORelay", body: { prompt, duration: 5 } }] },
      video,
    );
    await runSequence(bed.db, owner, id, { limiter: null });
    // The budget is set to nothing after the run was admitted as a whole.
    await bed.db.budget.create({ data: { userId: row.id, daily: 0, monthly: null } });
    run();
    // The shot is written first, the sequence's state by the same pass a moment later.
    const { shots, sequence } = await waitFor(
      async () => ({
        shots: await shotsOf(id),
        sequence: await bed.db.sequence.findUniqueOrThrow({ where: { id } }),
      }),
      (r) => r.shots[0].state === "failed" && r.sequence.state !== "running",
      { timeoutMs: 20_000, intervalMs: 25 },
    );
    expect(shots[0].error).toMatch(/^Held: Over your daily budget/);
    // Kept with its code, the budget's refusal inside: a Chinese page words both.
    expect(shots[0].errorCode).toBe("shot_held");
    const held = readFailure(shots[0], "error");
    expect(held?.params?.cause).toMatchObject({
      code: "budget_exceeded",
      params: { period: "day", limit: 0 },
    });
    expect(inChinese(held)).toMatch(
      /^已搁置：超出每日预算：已消耗 0 积分，本次约需 [\d.]+；上限为 0 积分。$/,
    );
    expect(postsWith(prompt)).toHaveLength(0);
    expect(sequence.state).toBe("failed");
  });

  it("a process killed between a take's upstream submit and its record: that take is never resent", async () => {
    const prompt = unique("crash");
    const { id } = await createSequence(
      bed.db,
      LOCAL_USER,
      { name: "crash", shots: [{ model: "sd_2.5_ORelay", body: { prompt, duration: 5 }, takes: 2 }] },
      video,
    );
    await runOnly(id);
    const dying = handRunner(
      dbWithTaskRecordHook(bed.db, {
        instead: () => {
          throw new Error("killed after the upstream accepted the take");
        },
      }),
    );
    await expect(dying.tick()).rejects.toThrow();
    expect(postsWith(prompt)).toHaveLength(1);

    // Its lease runs out; a fresh process carries on.
    await bed.db.sequence.update({ where: { id }, data: { leaseUntil: new Date(0) } });
    const fresh = handRunner(bed.db);
    expect(await fresh.tick()).toBe("done");
    expect(await fresh.tick()).toBeNull();
    // Two takes asked for, two submits received: the interrupted one was not sent again.
    expect(postsWith(prompt)).toHaveLength(2);
    const [shot] = await shotsOf(id);
    expect(shot.state).toBe("sent");
    expect(shot.error).toMatch(/^1 take not stored: the studio stopped after it began sending it/);
    expect(shot).toMatchObject({ errorCode: "shot_takes_not_stored", errorParams: '{"count":1}' });
    expect(inChinese(readFailure(shot, "error"))).toMatch(
      /^1 个镜次未保存：工作室开始发送后、保存上游回复前停止了运行，上游可能已生成/,
    );
    expect(await bed.db.task.count({ where: { sequenceShotId: shot.id } })).toBe(1);
  });

  it("a chained shot whose take has no stored video fails, saying why in the page's language", async () => {
    const prompts = [unique("ember"), unique("ash")];
    const { id } = await createSequence(
      bed.db,
      LOCAL_USER,
      {
        name: "no frame",
        shots: [
          { model: "sd_2.5_ORelay", body: { prompt: prompts[0], duration: 5 } },
          { model: "sd_2.5_ORelay", body: { prompt: prompts[1], duration: 5 }, chained: true },
        ],
      },
      video,
    );
    await runOnly(id);
    // The studio's own last-frame extraction (lib/video), not the stand-in of the other tests.
    const real = startSequenceRunner(
      bed.deps,
      { ...video, lastFrameOf: studioVideoPort.lastFrameOf },
      {
        idleMs: 20,
        startDelayMs: 1e9,
      },
    );
    runners.push(real);
    expect(await real.tick()).toBe("running"); // shot 1 sent, shot 2 waiting for a picked take
    const [first] = await shotsOf(id);
    const [take] = await bed.db.task.findMany({ where: { sequenceShotId: first.id } });
    // Finished and said to be stored, but no video file is kept for it.
    await finish(take.id);
    await pickTake(bed.db, LOCAL_USER, id, first.id, take.id);
    await bed.db.sequence.update({ where: { id }, data: { nextRunAt: new Date(0) } });
    expect(await real.tick()).toBe("failed");

    const [, second] = await shotsOf(id);
    expect(second.state).toBe("failed");
    expect(second.error).toBe(
      `The last frame of take ${take.id}: Task ${take.id} has no stored video result to take a last frame from.`,
    );
    const failure = readFailure(second, "error");
    expect(failure).toMatchObject({
      code: "shot_last_frame_failed",
      params: { take: take.id, cause: { code: "conflict" } },
    });
    expect(inChinese(failure)).toBe(
      `无法取得镜次 ${take.id} 的最后一帧：与当前状态冲突：Task ${take.id} has no stored video result to take a last frame from.`,
    );
    expect(postsWith(prompts[1])).toHaveLength(0);
    // Retried, the shot starts afresh: its error and code are gone.
    await retryShot(bed.db, LOCAL_USER, id, second.id);
    expect(await bed.db.sequenceShot.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({
      state: "planned",
      error: null,
      errorCode: null,
      errorParams: null,
    });
    await bed.db.sequence.update({ where: { id }, data: { state: "paused" } });
  });

  it("a runner whose lease another instance took over stops: each take is sent once", async () => {
    const prompt = unique("takeover");
    const { id } = await createSequence(
      bed.db,
      LOCAL_USER,
      { name: "takeover", shots: [{ model: "sd_2.5_ORelay", body: { prompt, duration: 5 }, takes: 3 }] },
      video,
    );
    await runOnly(id);
    const other = handRunner(bed.db);
    let othersPass: string | null = null;
    // After the first take is stored, the first runner stalls past its lease and another takes over.
    const stalled = handRunner(
      dbWithTaskRecordHook(bed.db, {
        after: async () => {
          await bed.db.sequence.update({ where: { id }, data: { leaseUntil: new Date(0) } });
          othersPass = await other.tick();
        },
      }),
    );
    expect(await stalled.tick()).toBe("lost");
    expect(othersPass).toBe("done");
    expect(postsWith(prompt)).toHaveLength(3);
    const [shot] = await shotsOf(id);
    expect(shot).toMatchObject({ state: "sent", error: null, takesStarted: 3 });
    expect(await bed.db.task.count({ where: { sequenceShotId: shot.id } })).toBe(3);
    expect(await bed.db.sequence.findUniqueOrThrow({ where: { id } })).toMatchObject({
      state: "done",
      leaseHolder: null,
    });
  });
});
