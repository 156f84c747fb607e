import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/lib/testing/zh-failure";
import { LOCAL_USER } from "../auth/local-user";
import type { Failure } from "../errors";
import { listGalleryItems } from "../gallery/list";
import { galleryZipResponse } from "../gallery/zip";
import { taskTestbed } from "../tasks/testing/task-fixtures";
import { waitFor } from "../testing/wait-for";
import { probeVideo } from "../video/probe";
import { VIDEO_TEMP_PREFIX } from "../video/temp-dir";
import { makeClip } from "../video/testing/clips";
import { cancelAssembly, getAssembly, listAssemblies, requestAssembly } from "./assembly";
import { runNextAssembly, startAssemblyWorker } from "./assembly-worker";
import { getSequence } from "./read-sequence";
import { createSequence } from "./sequences";
import { pickTake, updateShot } from "./shots";
import { studioVideoPort, type AssembleFilm, type VideoPort } from "./video-port";

/** A kept failure as a Chinese page words it (components/i18n/failure-message.ts). */
/** An assembly's error as its answer carries it, as the page hands it to useFailureMessage(). */
const failureOfAnswer = (a: { error: string | null; errorCode: string | null; errorParams: unknown }) =>
  a.error === null
    ? null
    : ({ code: a.errorCode!, message: a.error, params: a.errorParams ?? undefined } as Failure);

let bed: ReturnType<typeof taskTestbed>;
beforeAll(() => {
  bed = taskTestbed({ now: Date.now });
});
afterAll(async () => {
  await bed.cleanup();
});

/** The studio's own port (ffmpeg), recording each job it is given. */
function recordingPort() {
  const jobs: Parameters<AssembleFilm>[0][] = [];
  const assembleFilm: AssembleFilm = (job) => {
    jobs.push(job);
    return studioVideoPort.assembleFilm(job);
  };
  return { jobs, video: { ...studioVideoPort, assembleFilm } satisfies VideoPort };
}

/**
 * For the races only (two workers on one expired lease, a cancel landing mid-job): a film writer
 * that holds the job open at a chosen moment, which real ffmpeg on tiny clips cannot be made to do
 * reliably. The film itself is made by ffmpeg in the first test.
 */
function filmWriter(hooks: { onStart?: (job: Parameters<AssembleFilm>[0]) => Promise<void> } = {}) {
  const jobs: Parameters<AssembleFilm>[0][] = [];
  const assembleFilm: AssembleFilm = async (job) => {
    jobs.push(job);
    job.onProgress(0.5);
    await hooks.onStart?.(job);
    if (job.signal.aborted) throw new Error("aborted");
    const bytes = Buffer.from(JSON.stringify(job.clips));
    const file = path.join(bed.mediaDir(), job.destinationKey);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    const durationSec = job.clips.reduce((sum, c) => sum + (c.trimOut ?? 5) - c.trimIn, 0);
    return { size: bytes.length, sha256: "x", durationSec };
  };
  // The takes' files are not real videos here: their probe says 640×360 at 24 fps.
  const probeClips: VideoPort["probeClips"] = async (keys) =>
    keys.map(() => ({ width: 640, height: 360, fps: 24 }));
  return { jobs, video: { ...studioVideoPort, assembleFilm, probeClips } satisfies VideoPort };
}

async function sequenceWithPickedTakes(name: string) {
  const { id } = await createSequence(bed.db, LOCAL_USER, {
    name,
    shots: [
      { model: "sd_2.5_ORelay", body: { prompt: `${name} one`, duration: 5 } },
      { model: "sd2_disc_nvid", body: { prompt: `${name} two`, duration: 5 } },
    ],
  });
  const shots = await bed.db.sequenceShot.findMany({
    where: { sequenceId: id },
    orderBy: { position: "asc" },
  });
  for (const [i, shot] of shots.entries()) {
    const taskId = `take_${shot.id}`;
    // Real takes: 5 s at 160×90, 24 fps; the first with sound, the second silent.
    await makeClip(path.join(bed.mediaDir(), `takes/${taskId}.mp4`), {
      width: 160,
      height: 90,
      fps: 24,
      seconds: 5,
      audio: i === 0,
    });
    await bed.db.task.create({
      data: {
        id: taskId,
        model: shot.model,
        kind: "video",
        status: "completed",
        mediaState: "stored",
        prompt: `${name} ${i ? "two" : "one"}`,
        request: shot.body,
        sequenceShotId: shot.id,
        media: {
          create: {
            role: "result",
            fields: "result_url",
            sourceUrl: `https://up.test/${taskId}.mp4`,
            status: "stored",
            path: `takes/${taskId}.mp4`,
            durationSec: 5,
          },
        },
      },
    });
    await pickTake(bed.db, LOCAL_USER, id, shot.id, taskId);
  }
  await updateShot(bed.db, LOCAL_USER, id, shots[0].id, { trimIn: 1, trimOut: 3.5, muted: true });
  return { id, shots };
}

describe("assembly jobs", () => {
  it("makes the film of the picked takes with their trims and stores it as a gallery item of kind sequence", async () => {
    const { id, shots } = await sequenceWithPickedTakes("harbour");
    const assembly = await requestAssembly(bed.db, LOCAL_USER, id, { crossfadeSeconds: 0.5 });
    expect(assembly.state).toBe("queued");
    const { jobs, video } = recordingPort();
    expect(await runNextAssembly(bed.deps, video)).toBe("done");
    expect(jobs[0].clips).toEqual([
      { path: `takes/take_${shots[0].id}.mp4`, trimIn: 1, trimOut: 3.5, muted: true },
      { path: `takes/take_${shots[1].id}.mp4`, trimIn: 0, trimOut: null, muted: false },
    ]);
    // Chosen from the takes' probes.
    expect(jobs[0].output).toEqual({
      width: 160,
      height: 90,
      fps: 24,
      pixelFormat: "yuv420p",
      crossfadeSeconds: 0.5,
    });

    const done = await getAssembly(bed.db, LOCAL_USER, id, assembly.id);
    expect(done).toMatchObject({ state: "done", progress: 1 });
    const film = await bed.db.task.findUniqueOrThrow({
      where: { id: done.taskId! },
      include: { media: true },
    });
    expect(film).toMatchObject({ kind: "sequence", status: "completed", mediaState: "stored" });
    // 2.5 s + 5 s, overlapped by the 0.5 s crossfade: within a frame, as ffmpeg decodes it.
    const probe = await probeVideo(path.join(bed.mediaDir(), film.media[0].path!));
    expect(probe).toMatchObject({ width: 160, height: 90 });
    expect(Math.abs(probe.durationSec - 7)).toBeLessThanOrEqual(1 / 24 + 0.05);
    expect(Math.abs(film.actualDuration! - 7)).toBeLessThanOrEqual(1 / 24 + 0.05);
    expect(film.id).toMatch(/^seq_/);
    expect(JSON.parse(film.request).shots.map((s: { taskId: string }) => s.taskId)).toEqual(
      shots.map((s) => `take_${s.id}`),
    );
    expect(fs.existsSync(path.join(bed.mediaDir(), film.media[0].path!))).toBe(true);
    // Searchable by a shot's prompt, and the gallery's type filter knows the kind.
    const page = await listGalleryItems(bed.db, LOCAL_USER, { q: "harbour two", type: "sequence" });
    expect(page.items.map((i) => i.id)).toEqual([film.id]);
    // Nothing claims it again.
    expect(await runNextAssembly(bed.deps, video)).toBeNull();
  });

  it("makes the film at the size and frame rate the user set; its zip holds <film>_edit.json describing the edit", async () => {
    const { id, shots } = await sequenceWithPickedTakes("estuary");
    await updateShot(bed.db, LOCAL_USER, id, shots[1].id, { trimIn: 0.5, trimOut: 2 });
    const assembly = await requestAssembly(bed.db, LOCAL_USER, id, {
      width: 320,
      height: 240,
      fps: 12,
      crossfadeSeconds: 0.25,
    });
    expect(await runNextAssembly(bed.deps, recordingPort().video)).toBe("done");
    const { taskId } = await getAssembly(bed.db, LOCAL_USER, id, assembly.id);
    const film = await bed.db.task.findUniqueOrThrow({ where: { id: taskId! }, include: { media: true } });
    const probe = await probeVideo(path.join(bed.mediaDir(), film.media[0].path!));
    expect(probe).toMatchObject({ width: 320, height: 240, fps: 12 });

    const response = await galleryZipResponse(bed.db, LOCAL_USER, [film.id]);
    const file = path.join(bed.mediaDir(), `${film.id}.zip`);
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n");
    expect(names).toHaveLength(2);
    const [mp4, json] = names;
    expect(mp4).toMatch(/_sequence_estuary.*\.mp4$/);
    expect(json).toBe(mp4.replace(/\.mp4$/, "_edit.json"));
    const edit = JSON.parse(execFileSync("unzip", ["-p", file, json], { encoding: "utf8" }));
    expect(edit).toEqual({
      sequence: { id, name: "estuary" },
      film: { id: film.id, durationSec: film.actualDuration },
      output: { width: 320, height: 240, fps: 12, pixelFormat: "yuv420p", crossfadeSeconds: 0.25 },
      shots: [
        {
          index: 1,
          shotId: shots[0].id,
          take: `take_${shots[0].id}`,
          model: "sd_2.5_ORelay",
          prompt: "estuary one",
          trimIn: 1,
          trimOut: 3.5,
          audio: "muted",
        },
        {
          index: 2,
          shotId: shots[1].id,
          take: `take_${shots[1].id}`,
          model: "sd2_disc_nvid",
          prompt: "estuary two",
          trimIn: 0.5,
          trimOut: 2,
          audio: "kept",
        },
      ],
    });
    // Both stored as the film's provenance.
    expect(JSON.parse(film.request).output).toEqual(edit.output);
  });

  it("cancels a running assembly through its signal; a lease that ran out runs it again, once", async () => {
    const { id } = await sequenceWithPickedTakes("lighthouse");
    const assembly = await requestAssembly(bed.db, LOCAL_USER, id, {});
    const { video: slow } = filmWriter({ onStart: () => new Promise((r) => setTimeout(r, 50)) });
    // A process that died mid-assembly: running, its lease past.
    await bed.db.assembly.update({
      where: { id: assembly.id },
      data: { state: "running", attempts: 1, leaseUntil: new Date(Date.now() - 1) },
    });
    const [a, b] = await Promise.all([runNextAssembly(bed.deps, slow), runNextAssembly(bed.deps, slow)]);
    expect([a, b].sort()).toEqual(["done", null].sort());
    expect(
      await bed.db.task.count({ where: { kind: "sequence", prompt: { startsWith: "lighthouse" } } }),
    ).toBe(1);

    const second = await requestAssembly(bed.db, LOCAL_USER, id, {});
    const cancelling = filmWriter({
      onStart: async (job) => {
        await cancelAssembly(bed.db, LOCAL_USER, id, second.id);
        // The next progress write reads the cancel request and aborts the signal.
        job.onProgress(0.7);
        for (let i = 0; i < 100 && !job.signal.aborted; i++) await new Promise((r) => setTimeout(r, 10));
      },
    });
    expect(await runNextAssembly(bed.deps, cancelling.video)).toBe("cancelled");
    expect((await getAssembly(bed.db, LOCAL_USER, id, second.id)).state).toBe("cancelled");
  });

  it("an assembly whose lease another instance took over stops: one film, made by the other", async () => {
    const { id } = await sequenceWithPickedTakes("takeover");
    const assembly = await requestAssembly(bed.db, LOCAL_USER, id, {});
    const other = filmWriter();
    let othersRun: string | null = null;
    const stalled = filmWriter({
      onStart: async (job) => {
        // Its first progress write (and lease renewal) lands…
        await waitFor(
          () => bed.db.assembly.findUniqueOrThrow({ where: { id: assembly.id } }),
          (row) => row.progress === 0.5,
          { timeoutMs: 5_000, intervalMs: 10 },
        );
        // …then this instance stalls past its lease; another claims the job and makes the film.
        await bed.db.assembly.update({ where: { id: assembly.id }, data: { leaseUntil: new Date(0) } });
        othersRun = await runNextAssembly(bed.deps, other.video);
        // Its next progress write finds the job held by the other instance and aborts.
        job.onProgress(0.8);
        for (let i = 0; i < 100 && !job.signal.aborted; i++) await new Promise((r) => setTimeout(r, 10));
      },
    });
    expect(await runNextAssembly(bed.deps, stalled.video)).toBe("lost");
    expect(othersRun).toBe("done");
    expect(stalled.jobs[0].signal.aborted).toBe(true);
    const films = await bed.db.media.findMany({ where: { sourceUrl: `studio:assembly/${assembly.id}` } });
    expect(films).toHaveLength(1);
    const done = await getAssembly(bed.db, LOCAL_USER, id, assembly.id);
    expect(done).toMatchObject({ state: "done", taskId: films[0].taskId });
    expect(fs.existsSync(path.join(bed.mediaDir(), stalled.jobs[0].destinationKey))).toBe(false);
    expect(fs.existsSync(path.join(bed.mediaDir(), films[0].path!))).toBe(true);
  });

  it("a film that cannot be made keeps why, with a code the page words in its language", async () => {
    // A picked take's video removed after the film was asked for.
    const gone = await sequenceWithPickedTakes("quarry");
    const missing = await requestAssembly(bed.db, LOCAL_USER, gone.id, {});
    await bed.db.media.updateMany({
      where: { taskId: `take_${gone.shots[1].id}` },
      data: { status: "expired" },
    });
    expect(await runNextAssembly(bed.deps, recordingPort().video)).toBe("failed");
    const answered = await getAssembly(bed.db, LOCAL_USER, gone.id, missing.id);
    expect(answered).toMatchObject({
      state: "failed",
      error: "Shot 2: its picked take's video is not stored any more",
      errorCode: "film_take_missing",
      errorParams: { shot: 2 },
    });
    expect(inChinese(failureOfAnswer(answered))).toBe("镜头 2：所选用镜次的视频已不再保存");

    // A take whose file is not a video: ffmpeg's own account is kept inside the studio's sentence.
    const broken = await sequenceWithPickedTakes("rubble");
    fs.writeFileSync(path.join(bed.mediaDir(), `takes/take_${broken.shots[0].id}.mp4`), "not a video");
    const unreadable = await requestAssembly(bed.db, LOCAL_USER, broken.id, {});
    expect(await runNextAssembly(bed.deps, recordingPort().video)).toBe("failed");
    const failed = await getAssembly(bed.db, LOCAL_USER, broken.id, unreadable.id);
    expect(failed.errorCode).toBe("film_failed");
    expect(failed.error).toMatch(/cannot be read as a video/);
    expect(failed.errorParams).toEqual({ detail: failed.error });
    expect(inChinese(failureOfAnswer(failed))).toBe(`视频处理出错：${failed.error}`);

    // Cut short by a restart each time it ran: given up.
    const restarted = await requestAssembly(bed.db, LOCAL_USER, broken.id, {});
    await bed.db.assembly.update({
      where: { id: restarted.id },
      data: { state: "running", attempts: 3, leaseUntil: new Date(0) },
    });
    expect(await runNextAssembly(bed.deps, recordingPort().video, { maxAttempts: 3 })).toBe("failed");
    const [latest] = (await getSequence(bed.db, LOCAL_USER, broken.id)).assemblies;
    expect(latest).toMatchObject({
      id: restarted.id,
      errorCode: "film_stopped_after_attempts",
      errorParams: { attempts: 3 },
    });
    expect(inChinese(failureOfAnswer(latest))).toBe("已尝试 3 次后停止（每次合成期间工作室都重启了）");

    // A film that failed before codes were kept: its English is shown as it is.
    await bed.db.assembly.update({
      where: { id: restarted.id },
      data: { error: "ffmpeg exited 1: older words", errorCode: null, errorParams: null },
    });
    const older = (await listAssemblies(bed.db, LOCAL_USER, broken.id)).find((a) => a.id === restarted.id)!;
    expect(older).toMatchObject({ errorCode: "text", errorParams: null });
    expect(inChinese(failureOfAnswer(older))).toBe("ffmpeg exited 1: older words");
  });

  it("the worker removes a killed process's temp dir when it starts", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), VIDEO_TEMP_PREFIX));
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    fs.writeFileSync(
      path.join(dir, ".studio-owner.json"),
      JSON.stringify({ pid: dead, host: os.hostname(), token: "killed" }),
    );
    fs.writeFileSync(path.join(dir, "film.mp4"), Buffer.alloc(4096));
    const worker = startAssemblyWorker(bed.deps, filmWriter().video, { idleMs: 50 });
    try {
      await waitFor(
        async () => fs.existsSync(dir),
        (exists) => !exists,
        { timeoutMs: 5_000, intervalMs: 20 },
      );
    } finally {
      await worker.stop();
    }
  });
});
