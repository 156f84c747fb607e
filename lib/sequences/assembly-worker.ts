import { randomUUID } from "node:crypto";
import { claimRows, leaseFree } from "../coordination/claim-rows";
import { failureColumns } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { removeMediaFile } from "../storage/files";
import { taskDeps, type TaskDeps } from "../tasks/deps";
import { chooseOutput } from "../video/choose-output";
import { sweepVideoTempDirs } from "../video/temp-dir";
import type { Edit } from "./assembly";
import { filmFailed, filmStoppedAfterAttempts, filmTakeMissing } from "./failures";
import { LEASE_LOST, newLeaseHolder } from "./lease";
import { videoPort, type VideoPort } from "./video-port";

export type AssemblyWorkerOptions = {
  idleMs: number;
  leaseMs: number;
  maxAttempts: number;
  /** How often leftover temp dirs of killed jobs are swept (also once at start). */
  sweepEveryMs: number;
};
const DEFAULTS: AssemblyWorkerOptions = {
  idleMs: 2_000,
  leaseMs: 60_000,
  maxAttempts: 3,
  sweepEveryMs: 10 * 60_000,
};

type Claimed = { id: string; edit: string; userId: string | null; attempts: number };

/**
 * Runs one claimable assembly, if any: queued, or running with a lease that ran out (its process
 * died: it runs again, once — the claim is one statement). The lease is renewed with each progress
 * write and on a heartbeat (an upload reports no progress), only while the row still carries this
 * claim's token (`leaseHolder`): a job taken over by another instance aborts ffmpeg and writes
 * nothing (its film, if stored already, is removed). A cancel request aborts ffmpeg. The film
 * becomes a gallery item: a task of kind "sequence", completed and stored, whose request is the
 * edit with the output it was made at (provenance) and whose prompt holds the sequence name and
 * the shots' prompts (search).
 */
export async function runNextAssembly(
  deps: TaskDeps,
  video: VideoPort,
  options: Partial<AssemblyWorkerOptions> = {},
): Promise<string | null> {
  const { leaseMs, maxAttempts } = { ...DEFAULTS, ...options };
  const now = new Date(deps.now());
  const holder = newLeaseHolder();
  const [job] = await claimRows<Claimed>(deps.db, {
    table: "Assembly",
    set: Prisma.sql`"state" = 'running', "leaseUntil" = ${new Date(deps.now() + leaseMs)}, "leaseHolder" = ${holder}, "attempts" = "attempts" + 1, "startedAt" = ${now}`,
    where: Prisma.sql`("state" = 'queued' OR ("state" = 'running' AND ${leaseFree(Prisma.sql`"leaseUntil"`, now)}))`,
    orderBy: Prisma.sql`"createdAt" ASC, "id" ASC`,
    limit: 1,
    returning: ["id", "edit", "userId", "attempts"],
  });
  if (!job) return null;
  const held = { id: job.id, state: "running", leaseHolder: holder };
  const finish = (data: Prisma.AssemblyUpdateManyMutationInput) =>
    deps.db.assembly.updateMany({
      where: held,
      data: { leaseUntil: null, leaseHolder: null, finishedAt: new Date(deps.now()), ...data },
    });
  if (job.attempts > maxAttempts) {
    await finish({ state: "failed", ...failureColumns(filmStoppedAfterAttempts(maxAttempts), "error") });
    return "failed";
  }
  const edit = JSON.parse(job.edit) as Edit;
  const abort = new AbortController();
  let lost = false;
  /** Renews the lease (with `data`); false, and ffmpeg aborted, once another instance holds it. */
  const renew = async (data: Prisma.AssemblyUpdateManyMutationInput = {}) => {
    const renewed = await deps.db.assembly.updateMany({
      where: held,
      data: { ...data, leaseUntil: new Date(deps.now() + leaseMs) },
    });
    if (renewed.count === 0 && !lost) {
      lost = true;
      abort.abort();
    }
    return !lost;
  };
  const heartbeat = setInterval(() => void renew().catch(() => undefined), Math.max(50, leaseMs / 3));
  heartbeat.unref();
  let destinationKey: string | null = null;
  try {
    const stored = await Promise.all(
      edit.shots.map((shot) =>
        deps.db.media.findFirst({
          where: { taskId: shot.taskId, role: "result", status: "stored" },
          select: { path: true },
        }),
      ),
    );
    const missing = stored.findIndex((media) => !media?.path);
    if (missing >= 0) {
      await finish({ state: "failed", ...failureColumns(filmTakeMissing(missing + 1), "error") });
      return "failed";
    }
    const clips = edit.shots.map((shot, i) => ({
      path: stored[i]!.path!,
      trimIn: shot.trimIn,
      trimOut: shot.trimOut,
      muted: shot.muted,
    }));
    const taskId = `seq_${randomUUID().replaceAll("-", "")}`;
    const key = `sequences/${taskId}.mp4`;
    const output = await outputFor(edit, clips, video, abort.signal);
    let writing = Promise.resolve();
    const onProgress = (fraction: number) => {
      writing = writing.then(async () => {
        if (!(await renew({ progress: Math.min(1, Math.max(0, fraction)) }))) return;
        const row = await deps.db.assembly.findUnique({
          where: { id: job.id },
          select: { cancelRequested: true },
        });
        if (row?.cancelRequested) abort.abort();
      });
    };
    destinationKey = key;
    const film = await video.assembleFilm({
      clips,
      output,
      signal: abort.signal,
      onProgress,
      destinationKey: key,
    });
    await writing;
    // The film's provenance: the edit as made, with the output it was made at.
    const made: Edit = { ...edit, output: { ...output, crossfadeSeconds: output.crossfadeSeconds ?? 0 } };
    await deps.db.$transaction(async (tx) => {
      // Only while this claim holds the job: a job taken over is the other instance's to finish.
      const won = await tx.assembly.updateMany({
        where: held,
        data: {
          state: "done",
          progress: 1,
          taskId,
          leaseUntil: null,
          leaseHolder: null,
          finishedAt: new Date(deps.now()),
        },
      });
      if (won.count === 0) {
        lost = true;
        throw new Error("the assembly was taken over by another instance");
      }
      await tx.task.create({
        data: {
          id: taskId,
          model: "sequence",
          kind: "sequence",
          status: "completed",
          progress: 1,
          prompt: [edit.name, ...edit.shots.map((s) => s.prompt)].join("\n"),
          request: JSON.stringify(made),
          mediaState: "stored",
          userId: job.userId,
          finishedAt: new Date(deps.now()),
          actualDuration: film.durationSec,
          media: {
            create: {
              role: "result",
              fields: "assembly",
              sourceUrl: `studio:assembly/${job.id}`,
              status: "stored",
              path: destinationKey,
              contentType: "video/mp4",
              size: film.size,
              sha256: film.sha256,
              durationSec: film.durationSec,
              storedAt: new Date(deps.now()),
            },
          },
        },
      });
    });
    return "done";
  } catch (error) {
    if (lost) {
      // Another instance makes (or made) this film under its own key: ours is not kept.
      if (destinationKey) await removeMediaFile(destinationKey).catch(() => undefined);
      deps.log.warn(`[sequences] assembly ${job.id} was taken over by another instance: stopped`);
      return LEASE_LOST;
    }
    if (abort.signal.aborted) {
      await finish({ state: "cancelled", ...failureColumns(null, "error") });
      return "cancelled";
    }
    await finish({ state: "failed", ...failureColumns(filmFailed(error), "error") });
    return "failed";
  } finally {
    clearInterval(heartbeat);
  }
}

/** The user's settings; what they left unset is chosen from the takes (lib/video/choose-output.ts). */
async function outputFor(edit: Edit, clips: { path: string }[], video: VideoPort, signal: AbortSignal) {
  const set = Object.fromEntries(Object.entries(edit.output).filter(([, v]) => v !== undefined));
  const { width, height, fps } = edit.output;
  if (width && height && fps)
    return { crossfadeSeconds: 0, pixelFormat: "yuv420p", ...set, width, height, fps };
  return {
    ...chooseOutput(
      await video.probeClips(
        clips.map((c) => c.path),
        signal,
      ),
    ),
    ...set,
  };
}

export type AssemblyWorker = { stop(): Promise<void> };

export function startAssemblyWorker(
  deps: TaskDeps = taskDeps(),
  video: VideoPort = videoPort(),
  options: Partial<AssemblyWorkerOptions> = {},
): AssemblyWorker {
  const { idleMs, sweepEveryMs } = { ...DEFAULTS, ...options };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let sweptAt = -Infinity;
  // A process killed mid-job leaves its temp dir (a film's worth of bytes): removed at start and
  // then now and again, a bounded number per sweep (lib/video/temp-dir.ts).
  const sweep = async () => {
    if (deps.now() - sweptAt < sweepEveryMs) return;
    sweptAt = deps.now();
    const { removed, left } = await sweepVideoTempDirs();
    if (removed) deps.log.info(`[sequences] removed ${removed} leftover video temp dir(s), ${left} left`);
  };
  const loop = async () => {
    if (stopped) return;
    await sweep().catch((error: unknown) => deps.log.warn("[sequences] temp sweep failed:", error));
    const step = runNextAssembly(deps, video, options);
    running = step.catch(() => undefined);
    const result = await step.catch((error: unknown) => {
      deps.log.error("[sequences] assembly step failed:", error);
      return null;
    });
    if (!stopped) timer = setTimeout(loop, result ? 0 : idleMs).unref();
  };
  timer = setTimeout(loop, 0).unref();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

const holder = globalThis as typeof globalThis & { __studioAssemblyWorker?: AssemblyWorker };

export function ensureAssemblyWorkerStarted(): AssemblyWorker {
  holder.__studioAssemblyWorker ??= startAssemblyWorker();
  return holder.__studioAssemblyWorker;
}
